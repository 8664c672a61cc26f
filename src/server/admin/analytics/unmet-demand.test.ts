import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, startOfDayInLosAngeles } from '@/contracts/dates';
import type { UnmetDemandDay } from '@/contracts/admin/analytics';
import { csvChunks } from '@/server/admin/shared/csv-export';
import { queryRows } from '@/server/platform/db/sql';
import { createUnitModel } from '@/server/platform/db/factories';
import { checkoutRefusals, leads, waitlistEntries } from '@/server/platform/db/schema';
import { lookupZip } from '@/server/rentals/service-area/zip-codes';
import { signInAdmin } from '@tests/support/admin-client';
import { parseCsv } from '@tests/support/csv';
import { createTestApp } from '@tests/support/test-app';
import { unmetDemandByDaySql, refusedZipsQuery } from './unmet-demand';
import { unmetDemandCsv } from './unmet-demand-export';

/** Wednesday, July 15, 2026, 10 in the morning in Los Angeles. */
const today = '2026-07-15';
const now = new Date(startOfDayInLosAngeles(today).getTime() + 10 * 3_600_000);
const t = await createTestApp({ deps: { clock: { now: () => now } } });
const admin = await signInAdmin(t);
const staff = await signInAdmin(t, 'correct horse battery', { role: 'staff' });
afterAll(async () => t.close());

/** An instant on a Los Angeles day: `hours` after its midnight. */
const at = (day: string, hours: number) => new Date(startOfDayInLosAngeles(day).getTime() + hours * 3_600_000);

const model = await createUnitModel(t.db, { name: 'Waited-for AC' });
let signups = 0;
/** A place in the line: joined at `createdAt`, stopped waiting at `stoppedAt` (offered a unit, or left when `left`). */
function entry(createdAt: Date, stoppedAt: Date | null = null, left = false) {
  signups += 1;
  return {
    modelId: model.id,
    email: `wait${signups}@example.com`,
    status: stoppedAt ? (left ? 'left' : 'offered') : 'waiting',
    createdAt,
    offeredAt: left ? null : stoppedAt,
    offeredUntil: left || !stoppedAt ? null : new Date(stoppedAt.getTime() + 12 * 3_600_000),
    endedAt: left ? stoppedAt : null,
  };
}
const refusal = (day: string, reason: string, zipCode = '92618') => ({ day, reason, zipCode });

await t.db.insert(waitlistEntries).values([
  entry(at('2026-06-20', 9)), // waiting throughout
  entry(at('2026-06-25', 9), at('2026-07-05', 9)), // offered before the range: not in it at all
  entry(at('2026-07-01', 9), at('2026-07-10', 15)), // waiting at the start, offered on the 10th
  entry(at('2026-07-09', 23.5), at('2026-07-11', 8), true), // 23:30 on the 9th in LA is the 10th in UTC; left
  entry(at('2026-07-12', 9), at('2026-07-12', 17)), // joins and is offered the same day
  entry(at('2026-07-14', 9), at('2026-07-20', 9)), // still waiting at the range's end
  entry(at('2026-07-16', 9)), // after the range
]);
// A "Notify me" kept before the line existed counts only once moved into it (migration 0024), not as a lead.
await t.db.insert(leads).values({
  kind: 'restock',
  email: 'old@example.com',
  modelId: model.id,
  dedupeKey: 'restock:old',
  createdAt: at('2026-07-10', 9),
});
await t.db.insert(checkoutRefusals).values([
  refusal('2026-07-01', 'service_area', '92363'), // before the range
  refusal('2026-07-10', 'service_area', '92363'),
  refusal('2026-07-10', 'service_area', '92363'),
  refusal('2026-07-10', 'service_area', '10118'),
  refusal('2026-07-10', 'out_of_stock'),
  refusal('2026-07-12', 'capacity'),
  refusal('2026-07-12', 'capacity'),
  refusal('2026-07-12', 'capacity'),
  refusal('2026-07-12', 'service_area', '92363-1234'),
  refusal('2026-07-15', 'out_of_stock'),
]);

const day = (
  date: string,
  [waitlistJoins, refusedServiceArea, refusedStock, refusedCapacity, waitlistLength]: number[],
): UnmetDemandDay => ({
  day: date,
  waitlistJoins: waitlistJoins!,
  refusedServiceArea: refusedServiceArea!,
  refusedStock: refusedStock!,
  refusedCapacity: refusedCapacity!,
  waitlistLength: waitlistLength!,
});
/** July 8 to 15: joins, refused for area, stock, capacity, waiting at the day's end. */
const expectedDays = [
  day('2026-07-08', [0, 0, 0, 0, 2]),
  day('2026-07-09', [1, 0, 0, 0, 3]),
  day('2026-07-10', [0, 3, 1, 0, 2]),
  day('2026-07-11', [0, 0, 0, 0, 1]),
  day('2026-07-12', [1, 1, 0, 3, 1]),
  day('2026-07-13', [0, 0, 0, 0, 1]),
  day('2026-07-14', [1, 0, 0, 0, 2]),
  day('2026-07-15', [0, 0, 1, 0, 2]),
];
const range = 'startDate=2026-07-08&endDate=2026-07-15';

/** The figures counted again, one day at a time, straight from the rows (the oracle for any range). */
async function countedFromRows(date: string): Promise<UnmetDemandDay> {
  const start = startOfDayInLosAngeles(date);
  const end = startOfDayInLosAngeles(addDays(date, 1));
  const line = await t.db.select().from(waitlistEntries);
  const stopped = (row: (typeof line)[number]) => row.offeredAt ?? row.endedAt;
  const refused = (await t.db.select().from(checkoutRefusals)).filter((row) => row.day === date);
  const reasons = (reason: string) => refused.filter((row) => row.reason === reason).length;
  return {
    day: date,
    waitlistJoins: line.filter((row) => row.createdAt >= start && row.createdAt < end).length,
    refusedServiceArea: reasons('service_area'),
    refusedStock: reasons('out_of_stock'),
    refusedCapacity: reasons('capacity'),
    waitlistLength: line.filter((row) => row.createdAt < end && !(stopped(row) && stopped(row)! < end)).length,
  };
}

describe('GET /api/admin/analytics/unmet-demand', () => {
  it('counts each day’s refusals, waitlist joins and the line’s length from the rows behind them', async () => {
    const response = await staff.request({ url: `/api/admin/analytics/unmet-demand?${range}` });
    expect(response.statusCode, response.body).toBe(200);
    const demand = response.json();
    expect(demand).toMatchObject({ startDate: '2026-07-08', endDate: '2026-07-15' });
    expect(demand.days).toEqual(expectedDays);
    expect(demand.days).toEqual(await Promise.all(expectedDays.map((expected) => countedFromRows(expected.day))));

    // 92363 three times (a ZIP+4 counts as its five digits; the 1st is before the range), then 10118.
    expect(demand.refusedZips).toEqual([
      { zipCode: '92363', city: 'Needles, CA', miles: 199.7, refused: 3 },
      { zipCode: '10118', city: `${lookupZip('10118')!.city}, NY`, miles: expect.any(Number), refused: 1 },
    ]);
  });

  it('covers the last 30 days to the app clock’s today when no days are asked for', async () => {
    const demand = (await admin.request({ url: '/api/admin/analytics/unmet-demand' })).json();
    expect(demand).toMatchObject({ startDate: '2026-06-16', endDate: today });
    expect(demand.days).toHaveLength(30);
    expect(demand.days.slice(-8)).toEqual(expectedDays);
    // Two were waiting on June 25 (the 20th's and the 25th's), one the day before.
    expect(demand.days.find((d: UnmetDemandDay) => d.day === '2026-06-25')).toEqual(
      await countedFromRows('2026-06-25'),
    );
    expect(demand.days.find((d: UnmetDemandDay) => d.day === '2026-06-25').waitlistLength).toBe(2);
  });

  it('refuses reversed, impossible or too long ranges with the field named', async () => {
    const cases: Array<[string, string]> = [
      ['startDate=2026-07-15&endDate=2026-07-08', 'endDate'],
      ['startDate=2026-02-30', 'startDate'],
      ['startDate=2026-08-01', 'endDate'], // after today, which the end defaults to
      ['startDate=2025-07-14&endDate=2026-07-15', 'startDate'], // 367 days
      ['startDate=2025-01-01', 'startDate'],
    ];
    for (const [query, field] of cases) {
      const response = await admin.request({ url: `/api/admin/analytics/unmet-demand?${query}` });
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      expect(Object.keys(response.json().fieldErrors)).toEqual([field]);
      expect(response.json().fieldErrors[field]).toBeTruthy();
    }
    const year = await admin.request({
      url: '/api/admin/analytics/unmet-demand?startDate=2025-07-15&endDate=2026-07-15',
    });
    expect(year.json().days).toHaveLength(366);
  });

  it('is read through the indexes on refusal days and on the waitlist’s entries by creation', async () => {
    const range = { startDate: '2026-07-08', endDate: '2026-07-15' };
    const plan = async (query: Parameters<typeof sql>[1]) => {
      await t.db.execute(sql`set enable_seqscan = off`);
      try {
        const rows = await queryRows<{ 'QUERY PLAN': string }>(t.db, sql`explain ${query}`);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await t.db.execute(sql`reset enable_seqscan`);
      }
    };
    const byDay = await plan(unmetDemandByDaySql(range));
    // The range bounds themselves are the index conditions, not a filter applied after reading every row.
    expect(byDay).toMatch(/checkout_refusals_day_idx[\s\S]*Index Cond: \(\(day >= /);
    expect(byDay).toMatch(/waitlist_entries_created_at_idx[\s\S]*Index Cond: \(created_at < /);
    const byZip = await plan(refusedZipsQuery(t.db, range));
    expect(byZip).toMatch(/checkout_refusals_day_idx[\s\S]*Index Cond: \(\(day >= .*reason\)::text = 'service_area'/);
  });
});

describe('GET /api/admin/analytics/unmet-demand/export.csv', () => {
  it('is the per-day figures of the JSON, one row a day, in any number of batches', async () => {
    const response = await admin.request({ url: `/api/admin/analytics/unmet-demand/export.csv?${range}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="unmet-demand-2026-07-15.csv"');
    const [header, ...records] = parseCsv(response.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual([
      'Day',
      'Waitlist Joins',
      'Refused: Service Area',
      'Refused: Out of Stock',
      'Refused: No Delivery Window',
      'Waitlist Length (End of Day)',
    ]);
    const json = (await admin.request({ url: `/api/admin/analytics/unmet-demand?${range}` })).json();
    const asRecords = json.days.map((d: UnmetDemandDay) =>
      [d.day, d.waitlistJoins, d.refusedServiceArea, d.refusedStock, d.refusedCapacity, d.waitlistLength].map(String),
    );
    expect(records).toEqual(asRecords);
    expect(records).toHaveLength(8);

    // Three days a batch: the waitlist's running length carries across batches.
    let text = '';
    for await (const chunk of csvChunks(unmetDemandCsv(t.db, { startDate: '2026-07-08', endDate: '2026-07-15' }), 3)) {
      text += chunk;
    }
    expect(parseCsv(text.replace(/^\uFEFF/, '')).slice(1)).toEqual(asRecords);
  });

  it('is the admin role’s, as every export, and refuses bad ranges', async () => {
    expect((await staff.request({ url: `/api/admin/analytics/unmet-demand/export.csv?${range}` })).statusCode).toBe(
      403,
    );
    const reversed = await admin.request({
      url: '/api/admin/analytics/unmet-demand/export.csv?startDate=2026-07-15&endDate=2026-07-08',
    });
    expect(reversed.statusCode).toBe(400);
  });
});
