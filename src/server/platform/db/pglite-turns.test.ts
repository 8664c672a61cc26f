import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStatementCache } from './pglite-statements';
import { TURN_MS, withEventLoopTurns } from './pglite-turns';

/**
 * The process's CPU time in ms. Times here are CPU times, not the wall clock's: on a loaded machine (a second copy of
 * the suite on 2 cores) the process is descheduled for tens of ms at a time, and a wall-clock gap between two turns
 * then measures the machine, not how often the queue lets the loop turn.
 */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * 400 statements queued at once, as requests queue under load, each taking about 0.1 ms: the times at which the
 * event loop turned (a chain of setImmediate, as Node reads sockets and accepts connections between turns) while
 * they ran, and the answers in the order they came.
 */
async function burst(db: PGlite) {
  const turns: number[] = [];
  let running = true;
  const start = cpuMs();
  const onTurn = () => {
    if (!running) return;
    turns.push(cpuMs() - start);
    setImmediate(onTurn);
  };
  setImmediate(onTurn);
  const order: number[] = [];
  await Promise.all(
    Array.from({ length: 400 }, (_, i) =>
      db.query<{ n: number }>('select $1::int as n, md5(repeat($2, 200)) as h', [i, 'x']).then((result) => {
        order.push(result.rows[0]!.n);
      }),
    ),
  );
  running = false;
  return { turns, order, elapsed: cpuMs() - start };
}

describe('PGlite and the event loop', () => {
  let raw: PGlite;
  let db: PGlite;
  beforeAll(async () => {
    raw = await PGlite.create();
    db = withStatementCache(raw);
    // Warm: the statement prepared, the code compiled.
    await burst(db);
  });
  afterAll(() => raw.close());

  it('lets the event loop turn every few ms while a long queue of statements runs, in the order they came', async () => {
    const before = await burst(db);
    // Without turns the queue drains within one turn of the loop (the premise: if this fails, PGlite now yields).
    expect(before.turns.filter((at) => at < before.elapsed - 1).length).toBeLessThanOrEqual(1);

    withEventLoopTurns(raw);
    const after = await burst(db);
    expect(after.order).toEqual([...after.order].sort((a, b) => a - b));
    const gaps = after.turns.slice(1).map((at, i) => at - after.turns[i]!);
    expect(after.turns.length).toBeGreaterThan(after.elapsed / (TURN_MS * 4));
    // A turn at least every TURN_MS plus one statement (generous for a shared machine).
    expect(Math.max(...gaps)).toBeLessThan(TURN_MS + 25);
  });
});
