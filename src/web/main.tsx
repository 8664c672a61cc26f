import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/routes';
import { initI18n } from './i18n';
import { PRERENDER_STATE_ID, type PrerenderState } from './lib/prerender';
import { queryClient } from './lib/query-client';
import './index.css';

const root = document.getElementById('root')!;
const stateScript = document.getElementById(PRERENDER_STATE_ID);
const state =
  stateScript && root.hasChildNodes() ? (JSON.parse(stateScript.textContent ?? '{}') as PrerenderState) : null;

// Translations first: a prerendered page brings the messages it shows; any other page loads its language's catalog.
// A prerendered page's own chunk loads meanwhile, so it hydrates in one go. In a task after the one that evaluated
// the modules (already long on a slow phone): asking for the page's chunk adds its module preloads to the document.
setTimeout(() => void Promise.all([initI18n(state?.messages), state && preloadPage(location.pathname)]).then(render));

function render() {
  if (!state) {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    return;
  }
  // A prerendered page: hydrate with the data it was rendered from, so the markup matches, then let the live API
  // confirm that data (the same answer changes nothing on screen; an owner's later edit shows up).
  hydrate(queryClient, state);
  const prerenderedKeys = new Set(state.queries.map((query) => query.queryHash));
  // In a task of its own: the requests it starts are not added to hydration's last (and longest) task.
  const confirmLive = () =>
    void setTimeout(
      () => void queryClient.invalidateQueries({ predicate: (query) => prerenderedKeys.has(query.queryHash) }),
    );
  // After the browser has painted the page it was sent: hydration work never delays the first paint. As a
  // transition, hydration yields to the browser every few milliseconds instead of holding the main thread in one
  // long task (a tap during it is not lost: React hydrates the tapped part first).
  requestAnimationFrame(() =>
    setTimeout(() =>
      startTransition(() => {
        hydrateRoot(
          root,
          <StrictMode>
            <App onMounted={confirmLive} serverMarkup />
          </StrictMode>,
          // A hydration mismatch is a bug (the page was rendered differently from what the browser renders): say so.
          { onRecoverableError: (error) => console.error('hydration:', error) },
        );
      }),
    ),
  );
}
