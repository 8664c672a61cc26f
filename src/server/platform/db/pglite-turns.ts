import type { PGlite } from '@electric-sql/pglite';

/** How long PGlite's statements may run back to back before the event loop gets a turn. */
export const TURN_MS = 3;

/**
 * Gives the event loop a turn at least every TURN_MS of PGlite work (ADR 024 addendum, docs/perf/).
 *
 * PGlite runs each statement synchronously, in WebAssembly, and answers through promises: when 50 requests are queued
 * for it, each statement's answer resumes its request as a microtask, which queues the next statement, and the whole
 * queue drains in one turn of the event loop, 25–50 ms under the portal's load. Node reads sockets only between
 * turns, and accepts at most one new connection per turn, so the 50th visitor to connect waited about 50 turns:
 * 1.0–1.3 s, while every request already read was answered in a few ms. With a turn every TURN_MS, a new connection
 * waits at most about TURN_MS plus one statement.
 *
 * The turn is taken inside PGlite's query lock, before the statement, so the order of statements is unchanged:
 * requests read during the turn queue behind those already waiting. A statement's transaction, if any, stays open
 * across the turn, as it would across any await.
 */
export function withEventLoopTurns(client: PGlite): PGlite {
  const run = client._runExclusiveQuery.bind(client);
  let sliceStart: number | null = null;
  const startSlice = () => {
    sliceStart = performance.now();
    // When the loop turns on its own (the queue ran dry), the next statement starts a new slice.
    setImmediate(() => (sliceStart = null));
  };
  client._runExclusiveQuery = <T>(fn: () => Promise<T>) =>
    run(async () => {
      if (sliceStart === null) startSlice();
      else if (performance.now() - sliceStart > TURN_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        startSlice();
      }
      return fn();
    });
  return client;
}
