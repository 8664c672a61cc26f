import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose statement this is (ADR 042): a customer's, unless it runs inside `asOwnerWork` — the admin API and its
 * exports (admin/plugin.ts marks every admin request), work that can wait a few milliseconds. On PGlite, where one
 * statement runs at a time, the owner's enter the worker one at a time and after the customers' (owner-gate.ts), so
 * a customer's statement waits behind one of the owner's at most; on PostgreSQL the lane changes nothing.
 */
const lane = new AsyncLocalStorage<'owner'>();

/** Runs `work`, and everything it starts, as the owner's. */
export const asOwnerWork = <T>(work: () => T): T => lane.run('owner', work);

export const isOwnerWork = (): boolean => lane.getStore() === 'owner';

/**
 * `fn`, run in the lane of whoever calls this (a stream pulls an export's batches from the socket's callbacks,
 * outside the request that started it).
 */
export function inCallersLane<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return isOwnerWork() ? (...args) => asOwnerWork(() => fn(...args)) : fn;
}
