import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

// True unless the app renders server markup (ADR 027): a page mounted in the browser is live from its first render.
const HydratedContext = createContext(true);

/**
 * False in the page the server rendered and while React hydrates it, true once the browser's React runs it. A
 * server-rendered form keeps its submit button disabled until then: a click before that would be the browser's own
 * form submission, not ours (its fields in the URL, no validation).
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/**
 * Says whether the app runs yet. `serverMarkup`: the server renders the page, or the browser hydrates that markup;
 * then it turns true after hydration, as a transition. The render that follows (the address's parameters, enabled
 * buttons) yields to the browser every few milliseconds, as hydration did, instead of one synchronous pass over the
 * whole page (which a store flip, useSyncExternalStore's server snapshot, would force).
 */
export function HydratedProvider({ serverMarkup = false, children }: { serverMarkup?: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!serverMarkup);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}
