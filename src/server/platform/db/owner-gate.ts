import { performance } from 'node:perf_hooks';

/** How long an owner's statement waits for the customers' at most: a busy storefront cannot starve the dashboard. */
export const OWNER_MAX_WAIT_MS = 50;

/**
 * The door of PGlite's worker for the owner's statements (ADR 042). The worker runs what it is sent in order, and a
 * statement cannot be interrupted; a dashboard that sent its five analytics queries at once would put a customer
 * behind all five. Through the gate, the owner's work enters one piece at a time (a statement, or a whole
 * transaction), and only when none of the customers' is in the worker, or once it has waited `maxWaitMs`. The check
 * runs after the current turn's continuations, so a customer's request that is between two statements gets its
 * next one in first. `workerIdle`: nothing is in the worker; `poke` is called when that may have changed.
 */
export function ownerGate(workerIdle: () => boolean, maxWaitMs = OWNER_MAX_WAIT_MS) {
  const waiting: Array<{ since: number; enter(): void }> = [];
  let inside = false;
  let check: NodeJS.Immediate | undefined;
  let timer: NodeJS.Timeout | undefined;

  const admit = () => {
    check = undefined;
    clearTimeout(timer);
    timer = undefined;
    const next = waiting[0];
    if (inside || !next) return;
    const waited = performance.now() - next.since;
    if (!workerIdle() && waited < maxWaitMs) {
      timer = setTimeout(admit, maxWaitMs - waited).unref();
      return;
    }
    waiting.shift();
    inside = true;
    next.enter();
  };
  const poke = () => {
    if (waiting.length > 0 && !inside) check ??= setImmediate(admit);
  };

  return {
    poke,
    /** Runs `work` once the gate lets it in; the next owner's piece waits until it has settled. */
    async run<T>(work: () => Promise<T>): Promise<T> {
      await new Promise<void>((enter) => {
        waiting.push({ since: performance.now(), enter });
        poke();
      });
      try {
        return await work();
      } finally {
        inside = false;
        poke();
      }
    },
  };
}
