import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStatementCache } from './pglite-statements';

describe('PGlite with prepared statements', () => {
  let raw: PGlite;
  let db: PGlite;
  beforeAll(async () => {
    raw = await PGlite.create();
    db = withStatementCache(raw);
    await raw.exec('create table t (id int primary key, at timestamptz, doc jsonb, note text)');
  });
  afterAll(() => raw.close());

  it('answers a statement run again exactly as PGlite does, parameters encoded by their types', async () => {
    const at = new Date('2026-06-01T12:00:00Z');
    for (let id = 1; id <= 3; id += 1) {
      await db.query('insert into t (id, at, doc, note) values ($1, $2, $3, $4)', [id, at, { n: id }, null]);
    }
    const text = 'select id, at, doc, note from t where id >= $1 order by id';
    const first = await db.query(text, [2]);
    const again = await db.query(text, [2]);
    const array = await db.query(text, [1], { rowMode: 'array' });
    expect(again.rows).toEqual(first.rows);
    expect(again.rows).toEqual((await raw.query(text, [2])).rows);
    expect(again.rows[0]).toEqual({ id: 2, at, doc: { n: 2 }, note: null });
    expect(array.rows).toHaveLength(3);
    expect(array.rows[0]).toEqual([1, at, { n: 1 }, null]);
  });

  it('keeps transactions whole: a rollback undoes prepared writes, and errors carry their code', async () => {
    const insert = 'insert into t (id) values ($1)';
    await db.query(insert, [10]);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, [11]);
        await tx.query(insert, [12]);
        await tx.query(insert, [10]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const left = await db.query<{ id: number }>('select id from t where id >= $1 order by id', [10]);
    expect(left.rows.map((row) => row.id)).toEqual([10]);
  });

  it('runs a statement again after the table it reads changed shape', async () => {
    const text = 'select * from t where id = $1';
    await db.query(text, [1]);
    await db.query(text, [1]);
    await raw.exec('alter table t add column extra int default 7');
    const after = await db.query<{ extra: number }>(text, [1]);
    expect(after.rows[0]!.extra).toBe(7);
    expect((await db.query<{ extra: number }>(text, [1])).rows[0]!.extra).toBe(7);
  });

  it('prepares a statement once when many requests run it for the first time together', async () => {
    const own = await PGlite.create();
    await own.exec('create table t (id int primary key); insert into t values (1)');
    const text = 'select id from t where id = $1 and $2::int > 0';
    let planned = 0;
    const counting = withStatementCache(
      new Proxy(own, {
        get(target, key) {
          const value = Reflect.get(target, key, target) as unknown;
          if (key === 'query') {
            return (...args: Parameters<PGlite['query']>) => {
              planned += 1;
              return target.query(...args);
            };
          }
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }),
    );
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => counting.query(text, [1, i + 1])));
    expect(answers.every((answer) => answer.rows.length === 1)).toBe(true);
    expect(planned).toBe(1);
    await own.close();
  });
});
