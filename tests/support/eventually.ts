import { expect } from 'vitest';

/**
 * Reads again (every 10 ms, for at most `withinMs`) until `read` answers `expected`, then expects it: a change made
 * elsewhere shows on PostgreSQL's listening connection a moment after commit (PGlite's NOTIFY arrives at once).
 */
export async function eventually<T>(read: () => Promise<T>, expected: T, withinMs = 1000): Promise<void> {
  const deadline = Date.now() + withinMs;
  let last = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    last = await read();
  }
  expect(last).toEqual(expected);
}
