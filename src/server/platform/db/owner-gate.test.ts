import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { asOwnerWork, inCallersLane, isOwnerWork } from './lanes';
import { openPgliteThread } from './pglite-thread';

/** A statement of roughly 50–150 ms of PGlite's time on this machine: it cannot be interrupted. */
const long = sql`select count(*) from generate_series(1, 600000)`;

describe('the owner’s statements give way to the customers’ on PGlite (ADR 042)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPgliteThread();
  });
  afterAll(() => database.close());

  it('puts a customer’s statement behind one of the owner’s at most, however many the owner has queued', async () => {
    const finished: string[] = [];
    const owner = asOwnerWork(() =>
      Promise.all([1, 2, 3, 4].map((n) => database.db.execute(long).then(() => finished.push(`owner ${n}`)))),
    );
    // The owner's four were asked for first; without the gate the worker would run them all before this one.
    const customer = database.db.execute(sql`select 1`).then(() => finished.push('customer'));
    await Promise.all([owner, customer]);
    expect(finished.indexOf('customer')).toBeLessThanOrEqual(1);
    expect(finished.filter((name) => name.startsWith('owner'))).toEqual(['owner 1', 'owner 2', 'owner 3', 'owner 4']);
  });

  it('lets the owner in while customers keep the database busy, and runs an owner’s transaction whole', async () => {
    let busy = true;
    const customers = [1, 2].map(async () => {
      while (busy) await database.db.execute(sql`select count(*) from generate_series(1, 20000)`);
    });
    const started = performance.now();
    const sum = await asOwnerWork(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`create temporary table owner_seen (n int)`);
        await tx.execute(sql`insert into owner_seen values (1), (2)`);
        const result = await tx.execute(sql`select sum(n)::int as sum from owner_seen`);
        const [row] = (result as unknown as { rows: Array<{ sum: number }> }).rows;
        await tx.execute(sql`drop table owner_seen`);
        return row!.sum;
      }),
    );
    const waited = performance.now() - started;
    busy = false;
    await Promise.all(customers);
    expect(sum).toBe(3);
    // The gate admits an owner's piece after 50 ms of customers at most; the rest is the statements themselves.
    expect(waited).toBeLessThan(2_000);
  });
});

describe('the owner’s lane', () => {
  it('follows an admin handler from preHandler, body read, through its awaits', async () => {
    const app = Fastify();
    app.addHook('preHandler', (_request, _reply, done) => asOwnerWork(done));
    app.post('/', async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { owner: isOwnerWork(), body: request.body };
    });
    const response = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } });
    expect(response.json()).toEqual({ owner: true, body: { a: 1 } });
    expect(isOwnerWork()).toBe(false);
    await app.close();
  });

  it('stays with an export’s batches, which the stream pulls from outside the request', async () => {
    const seen: boolean[] = [];
    const batch = () => Promise.resolve(seen.push(isOwnerWork()));
    async function* chunks(read: () => Promise<unknown>) {
      for (let i = 0; i < 3; i += 1) yield String(await read());
    }
    const [kept, lost] = asOwnerWork(() => [Readable.from(chunks(inCallersLane(batch))), Readable.from(chunks(batch))]);
    for await (const _ of kept!);
    expect(seen.splice(0)).toEqual([true, true, true]);
    for await (const _ of lost!);
    expect(seen).toEqual([false, false, false]);
  });
});
