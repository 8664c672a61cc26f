import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-app';
import { openPostgres, type Database } from './client';
import { notifyProblem, notifyRoundTrip } from './notify-check';

const test = await createTestDatabase();
afterAll(() => test.close());

describe('the NOTIFY round trip a start makes', () => {
  it(`is heard on this run's database (${test.database.kind})`, async () => {
    expect(await notifyRoundTrip(test.database)).toBe('heard');
    expect(notifyProblem('heard')).toBeNull();
  });

  describe.runIf(test.database.kind === 'postgres')('when LISTEN cannot hear the pool', () => {
    // A transaction pooler hands the LISTEN session back after each statement, so it never hears the pool's NOTIFY.
    // Short of a pooler, the same effect: the pool on this test's database, the listener on another database.
    let other: { url: string; drop: () => Promise<void> } | undefined;
    afterAll(() => other?.drop());

    async function otherDatabase(source: TestDatabase) {
      const admin = new pg.Client({ connectionString: source.url });
      await admin.connect();
      const name = `coolrent_notify_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      await admin.query(`create database ${name}`);
      const url = new URL(source.url!);
      url.pathname = `/${name}`;
      return {
        url: url.toString(),
        drop: async () => {
          await admin.query(`drop database if exists ${name} with (force)`);
          await admin.end();
        },
      };
    }

    it('is not heard, and the start is told why in words that name the pooler', async () => {
      other = await otherDatabase(test);
      const listenElsewhere = openPostgres(other.url, 1);
      const database: Database = { ...test.database, listen: listenElsewhere.listen };
      try {
        const result = await notifyRoundTrip(database, 500);
        expect(result).toBe('not-heard');
        expect(notifyProblem(result)).toMatch(/was not heard[\s\S]*transaction pooler[\s\S]*session-mode pooler/);
      } finally {
        await listenElsewhere.close();
      }
    });

    it('says so when no LISTEN connection can be opened', async () => {
      const unreachable = openPostgres('postgres://postgres@127.0.0.1:1/nowhere', 1);
      const database: Database = { ...test.database, listen: unreachable.listen };
      try {
        expect(await notifyRoundTrip(database, 500)).toBe('no-listener');
      } finally {
        await unreachable.close();
      }
    });
  });
});
