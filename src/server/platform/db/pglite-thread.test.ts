import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client';
import { openPgliteThread } from './pglite-thread';

const rows = async (database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

describe('PGlite in its own thread (ADR 041)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPgliteThread();
    await database.db.execute(sql`create table kept (id integer primary key, note text not null)`);
  });
  afterAll(() => database.close());

  it('answers every type as PGlite in the server’s own thread does', async () => {
    const inThread = await openPglite({});
    const query = sql`select 1 as int, 12345678901::int8 as big, 1.50::numeric as money, true as yes,
      '2026-07-04'::date as day, '2026-07-04T08:00:00Z'::timestamptz as at, '1 day'::interval as span,
      '{"a": [1, "b"]}'::jsonb as doc, array[1, 2] as list, '\\x00ff'::bytea as bytes, null::text as nothing,
      ${new Date('2026-07-04T08:00:00Z')}::timestamptz as param, ${'é ✓'} as text`;
    try {
      expect(await rows(database, query)).toEqual(await rows(inThread, query));
    } finally {
      await inThread.close();
    }
  });

  it('commits a transaction, and rolls back one whose callback throws, savepoints included', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into kept values (1, 'committed')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into kept values (2, 'undone by its savepoint')`);
          throw new Error('inner');
        })
        .catch(() => {});
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into kept values (3, 'rolled back')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await rows(database, sql`select id, note from kept order by id`)).toEqual([{ id: 1, note: 'committed' }]);
  });

  it('runs a statement from outside a transaction only once the transaction has ended', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into kept values (10, 'in flight')`);
      order.push('inserted');
      await held;
      order.push('committing');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = rows(database, sql`select count(*)::int as n from kept where id = 10`).then((found) => {
      order.push('read');
      return found;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(await outside).toEqual([{ n: 1 }]);
    expect(order).toEqual(['inserted', 'committing', 'read']);
  });

  it('hands on PostgreSQL’s error fields (code, constraint) for the services to read', async () => {
    const error = await database.db
      .execute(sql`insert into kept values (1, 'again')`)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as { cause?: unknown }).cause).toMatchObject({ code: '23505', constraint: 'kept_pkey' });
  });

  it('delivers notifications to each listener until it stops listening', async () => {
    const heard: string[] = [];
    const subscription = await database.listen(['news'], { onNotify: (payload) => heard.push(payload), onLost() {} });
    await database.db.execute(sql`notify news, 'first'`);
    await expect.poll(() => heard).toEqual(['first']);
    await subscription.close();
    await database.db.execute(sql`notify news, 'second'`);
    await database.ping();
    expect(heard).toEqual(['first']);
  });

  it('leaves the server’s event loop free while a long statement runs', async () => {
    let lag = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      lag = Math.max(lag, now - last - 5);
      last = now;
    }, 5);
    const started = performance.now();
    await database.db.execute(sql`select count(*) from generate_series(1, 2000000)`);
    const took = performance.now() - started;
    clearInterval(timer);
    // In the server's own thread the timer could not run at all while the statement did: its lag would be `took`.
    expect(took).toBeGreaterThan(100);
    expect(lag).toBeLessThan(took / 3);
  });
});

describe('PGlite in its own thread, closing', () => {
  it('lets an open transaction finish, refuses new statements, then closes', async () => {
    const database = await openPgliteThread();
    await database.db.execute(sql`create table kept (note text)`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await held;
      await tx.execute(sql`insert into kept values ('finished while closing')`);
      return (await tx.execute(sql`select count(*)::int as n from kept`)) as unknown as { rows: unknown[] };
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const closed = database.close();
    await expect(database.ping()).rejects.toThrow('the embedded database is closed');
    release();
    expect((await transaction).rows).toEqual([{ n: 1 }]);
    await closed;
    await expect(database.ping()).rejects.toThrow('the embedded database is closed');
  });
});

describe('PGlite in its own thread, on disk', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coolrent-pglite-thread-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps what was written across a close and an open, and dumps a data dir PGlite opens', async () => {
    const first = await openPgliteThread({ dataDir });
    await first.db.execute(sql`create table kept (note text)`);
    await first.db.execute(sql`insert into kept values ('survives')`);
    await first.close();
    await expect(first.ping()).rejects.toThrow('the embedded database is closed');

    const again = await openPgliteThread({ dataDir });
    expect(await rows(again, sql`select note from kept`)).toEqual([{ note: 'survives' }]);
    const dump = await again.dumpDataDir!();
    await again.close();

    const restored = await openPglite({ loadDataDir: new Blob([new Uint8Array(dump)]) });
    expect(await rows(restored, sql`select note from kept`)).toEqual([{ note: 'survives' }]);
    await restored.close();
  });
});
