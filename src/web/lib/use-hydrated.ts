import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False in the page the server rendered and while React hydrates it, true once the browser's React runs it. A
 * server-rendered form keeps its submit button disabled until then: a click before that would be the browser's own
 * form submission, not ours (its fields in the URL, no validation).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
