// The renderer of the public pages (ADR 027), built for Node by scripts/prerender.ts and run by the server
// (src/server/platform/http/prerendered.ts): the same React app as the browser runs, rendered to HTML at a fixed path and
// language, with the data its queries fetched dehydrated beside it so the browser hydrates exactly the same markup.
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
// The edge build: the Node one keeps an AsyncLocalStorage, which on Node 20 leaves async hooks running on every
// promise of the process for its whole life (measured: ~8 µs of every request's CPU; docs/perf). Renders do not
// overlap (renderPage below), so the request storage it would give is not needed.
import { prerender } from 'react-dom/static.edge';
import { Router } from 'wouter';
import type { Locale } from '@/contracts/locale';
import { App } from './app/app';
import { recordMessagesRead, switchLocaleForPrerender } from './i18n';
import { sendApiRequestsThrough } from './lib/api';
import type { PrerenderState } from './lib/prerender';
import { createQueryClient } from './lib/query-client';
import { DocumentTitleSink } from './lib/use-document-title';

export { LOCALES } from '@/contracts/locale';
export { PRERENDER_STATE_ID } from './lib/prerender';

/** The public pages served rendered; every other route gets the SPA's index. */
export const prerenderedPaths = ['/', '/catalog', '/terms', '/monthly', '/weekly', '/contact', '/checkout'] as const;

export interface RenderedPage {
  /** The markup of `<div id="root">`. */
  html: string;
  title: string | undefined;
  /** The queries' data the markup was rendered with (TanStack Query's dehydrated cache) and its messages. */
  state: PrerenderState;
}

/** A render pass renders with the data fetched so far; queries it starts are fetched for the next pass. */
const MAX_PASSES = 4;

/** A disabled query (the checkout's delivery quote before a ZIP is typed) is not fetched in the browser either. */
function enabled(query: Query): boolean {
  const option = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return (typeof option === 'function' ? option(query) : option) !== false;
}

/**
 * A query that opts out with `meta: { prerender: false }` (live figures such as stock) stays pending: the page is
 * rendered in its loading state and the browser fetches it.
 */
const prerenderable = (query: Query) => query.meta?.prerender !== false && enabled(query);

async function renderOnce(path: string, client: QueryClient, head: { title?: string }) {
  const { prelude } = await prerender(
    <StrictMode>
      <DocumentTitleSink.Provider value={(title) => (head.title = title)}>
        <Router ssrPath={path}>
          <App client={client} serverMarkup />
        </Router>
      </DocumentTitleSink.Provider>
    </StrictMode>,
  );
  return new Response(prelude).text();
}

/**
 * Renders one page in one language. `fetcher` answers the API requests the page's queries make (the server passes
 * its own app, in-process). Renders must not overlap: the language and the fetcher are this module's.
 */
export async function renderPage(
  path: string,
  locale: Locale,
  fetcher: (url: string, init: RequestInit) => Promise<Response>,
): Promise<RenderedPage> {
  sendApiRequestsThrough(fetcher);
  await switchLocaleForPrerender(locale);
  const client = createQueryClient();
  // The browser hydrates with the messages this render read, and loads no catalog for the page it was sent.
  const [page, messages] = await recordMessagesRead(() => renderWithData(path, client));
  const shouldDehydrateQuery = (query: Query) => query.state.status === 'success' && prerenderable(query);
  return { ...page, state: { ...dehydrate(client, { shouldDehydrateQuery }), messages } };
}

async function renderWithData(path: string, client: QueryClient): Promise<Omit<RenderedPage, 'state'>> {
  for (let pass = 1; ; pass++) {
    const head: { title?: string } = {};
    const html = await renderOnce(path, client, head);
    const missing = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && prerenderable(query));
    if (missing.length === 0) return { html, title: head.title };
    if (pass === MAX_PASSES) {
      throw new Error(`${path}: queries still pending after ${pass} render passes: ${missing.map((q) => q.queryHash)}`);
    }
    // fetchQuery throws when the API answers an error: a build never bakes an error state into a page.
    await Promise.all(missing.map((query) => client.fetchQuery({ ...query.options, queryKey: query.queryKey })));
  }
}
