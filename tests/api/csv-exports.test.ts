import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, type AdminClient } from '@tests/support/admin-client';
import { customersCsv } from '@/server/admin/customer-desk/export';
import { ordersCsv } from '@/server/admin/order-desk/export';
import { csvChunks } from '@/server/admin/shared/csv-export';
import {
  createAdditionalFee,
  createAdminUser,
  createCustomer,
  createOrder,
  createUnitModel,
} from '@/server/platform/db/factories';
import { invoices } from '@/server/platform/db/schema';
import { parseCsv } from '@tests/support/csv';
import { createTestApp, type TestApp } from '@tests/support/test-app';

/**
 * The admin's CSV exports (ADR 020) on a few thousand rows: every matching row arrives once, in order, with the
 * list's filters applied; cells a spreadsheet would run come out as text; bad filters are a 400.
 * 05:00 UTC on Nov 25 is still Nov 24 in Los Angeles: the file is named for the app clock's Los Angeles day.
 */
const now = new Date('2026-11-25T05:00:00Z');
let t: TestApp;
let admin: AdminClient;

const ORDERS = 2_600;
const FEES = 1_100;
const INVOICES = 1_050;
/** Many rows share one instant, so a batch boundary falls inside a tie and only the id can order them. */
const tiedInstant = new Date('2026-10-01T12:00:00.123456Z');
const expected = { monthlyInRange: 0, paidFees: 0, paidInvoicesInRange: 0, orderNumbers: [] as string[] };

/** Runs `count` inserts, `width` at a time (PostgreSQL's pool takes them in parallel; PGlite queues them). */
async function inserts(count: number, insert: (i: number) => Promise<unknown>, width = 25): Promise<void> {
  for (let start = 0; start < count; start += width) {
    await Promise.all(Array.from({ length: Math.min(width, count - start) }, (_, k) => insert(start + k)));
  }
}

beforeAll(async () => {
  t = await createTestApp({ deps: { clock: { now: () => now } } });
  admin = await signInAdmin(t);
  const model = await createUnitModel(t.db);
  const people = await Promise.all(
    Array.from({ length: 40 }, (_, i) => createCustomer(t.db, { name: `Customer ${i} Muñoz` })),
  );
  await createCustomer(t.db, { name: '=HYPERLINK("http://evil.example","Click")', email: 'formula@example.com' });

  await inserts(ORDERS, async (i) => {
    const monthly = i % 2 === 0;
    const startDate = `2026-${String(6 + (Math.floor(i / 2) % 4)).padStart(2, '0')}-15`; // June..September, each plan
    const order = await createOrder(t.db, {
      customerId: people[i % people.length]!.id,
      modelId: model.id,
      status: 'active',
      type: monthly ? 'monthly' : 'weekly',
      priceCents: monthly ? 3900 : 1900,
      startDate,
      ...(i % 3 === 0 ? { createdAt: tiedInstant } : {}),
    });
    if (monthly && startDate >= '2026-07-01' && startDate <= '2026-08-31') expected.monthlyInRange += 1;
    expected.orderNumbers.push(order.orderNumber);
  });
  // Abandoned checkouts: pending with no hold. The list's default ("all") leaves them out, and so does its export.
  for (let i = 0; i < 3; i += 1) {
    await createOrder(t.db, { customerId: people[0]!.id, modelId: model.id, status: 'pending' });
  }

  const author = await createAdminUser(t.db);
  await inserts(FEES, async (i) => {
    const paid = i % 11 < 6;
    if (paid) expected.paidFees += 1;
    await createAdditionalFee(t.db, {
      customerId: people[i % people.length]!.id,
      createdBy: author.id,
      status: paid ? 'paid' : 'pending',
      paidAt: paid ? now : null,
      amountCents: 2550,
      ...(i % 4 === 0 ? { createdAt: tiedInstant } : {}),
    });
  });

  const gatewayCustomer = `cus_${randomUUID().slice(0, 8)}`;
  await createCustomer(t.db, { name: 'Ledger Person', stripeCustomerId: gatewayCustomer });
  const rows = Array.from({ length: INVOICES }, (_, i) => {
    // Issued one hour apart going back from Nov 20; every 7th paid.
    const issuedAt = new Date(Date.UTC(2026, 10, 20) - i * 3_600_000);
    const status = i % 7 === 0 ? 'paid' : 'open';
    return {
      id: `in_${String(i).padStart(5, '0')}`,
      gatewayCustomerId: gatewayCustomer,
      status,
      amountDueCents: 3900,
      amountPaidCents: status === 'paid' ? 3900 : 0,
      attemptCount: 1,
      periodStart: issuedAt,
      periodEnd: issuedAt,
      issuedAt,
      paidAt: status === 'paid' ? issuedAt : null,
      stateAt: issuedAt,
    };
  });
  for (let i = 0; i < rows.length; i += 200) await t.db.insert(invoices).values(rows.slice(i, i + 200));
  // Los Angeles days Nov 1..Nov 10: from 07:00 UTC Nov 1 (PDT) to 08:00 UTC Nov 11 (PST).
  const from = Date.UTC(2026, 10, 1, 7);
  const to = Date.UTC(2026, 10, 11, 8);
  expected.paidInvoicesInRange = rows.filter(
    (row) => row.status === 'paid' && row.issuedAt.getTime() >= from && row.issuedAt.getTime() < to,
  ).length;
}, 300_000);
afterAll(async () => t.close());

async function download(url: string) {
  const response = await admin.request({ url });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.body.startsWith('\uFEFF')).toBe(true);
  const [header, ...records] = parseCsv(response.body.slice(1));
  return { response, header: header!, records };
}

const column = (header: string[], name: string) => {
  const index = header.indexOf(name);
  expect(index, `column ${name}`).toBeGreaterThanOrEqual(0);
  return index;
};

describe('CSV exports', () => {
  it('exports every order once, newest first, named for the Los Angeles day', async () => {
    const { response, header, records } = await download('/api/admin/orders/export.csv');
    expect(response.headers['content-disposition']).toBe('attachment; filename="orders-2026-11-24.csv"');
    expect(records).toHaveLength(ORDERS);
    const numbers = records.map((record) => record[column(header, 'Order Number')]!);
    expect(new Set(numbers).size).toBe(ORDERS);
    expect([...numbers].sort()).toEqual([...expected.orderNumbers].sort());
    const created = records.map((record) => record[column(header, 'Created')]!);
    expect(created).toEqual([...created].sort().reverse());
    expect(records.every((record) => record.length === header.length)).toBe(true);
  });

  it("applies the list's filters and sort", async () => {
    const { header, records } = await download(
      '/api/admin/orders/export.csv?planType=monthly&startDate=2026-07-01&endDate=2026-08-31&sort=startDate&direction=asc',
    );
    expect(records).toHaveLength(expected.monthlyInRange);
    expect(new Set(records.map((record) => record[column(header, 'Plan')]))).toEqual(new Set(['monthly']));
    expect(new Set(records.map((record) => record[column(header, 'Price (USD)')]))).toEqual(new Set(['39.00']));
    const starts = records.map((record) => record[column(header, 'Start Date')]!);
    expect(starts[0]).toBe('2026-07-15');
    expect(starts.at(-1)).toBe('2026-08-15');
    expect(starts).toEqual([...starts].sort());

    const abandoned = await download('/api/admin/orders/export.csv?status=abandoned');
    expect(abandoned.records).toHaveLength(3);
  });

  it('walks the keyset batch by batch without skipping or repeating a row, ties included', async () => {
    const file = ordersCsv(t.db, { status: 'all', planType: 'all', sort: 'createdAt', direction: 'desc' }, now);
    const chunks: string[] = [];
    for await (const chunk of csvChunks(file, 97)) chunks.push(chunk);
    expect(chunks).toHaveLength(1 + Math.ceil(ORDERS / 97));
    const [, ...records] = parseCsv(chunks.join('').slice(1));
    expect(new Set(records.map((record) => record[0])).size).toBe(ORDERS);

    const everyone: string[] = [];
    for await (const chunk of csvChunks(customersCsv(t.db, {}), 4)) everyone.push(chunk);
    expect(parseCsv(everyone.join('').slice(1))).toHaveLength(1 + 40 + 2); // the header, the people, the formula's and the ledger's customer
  });

  it('neutralises cells a spreadsheet would run, and keeps accents', async () => {
    const { response, header, records } = await download('/api/admin/customers/export.csv?search=hyperlink');
    expect(response.headers['content-disposition']).toBe('attachment; filename="customers-2026-11-24.csv"');
    expect(records).toHaveLength(1);
    expect(records[0]![column(header, 'Name')]).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    const accents = await download('/api/admin/customers/export.csv?search=mu%C3%B1oz');
    expect(accents.records).toHaveLength(40);
    expect(accents.records[0]![column(accents.header, 'Name')]).toMatch(/^Customer \d+ Muñoz$/);
  });

  it('exports fees by status, money in dollars', async () => {
    const { header, records } = await download('/api/admin/additional-fees/export.csv?status=paid');
    expect(records).toHaveLength(expected.paidFees);
    expect(new Set(records.map((record) => record[column(header, 'Status')]))).toEqual(new Set(['paid']));
    expect(records[0]![column(header, 'Amount (USD)')]).toBe('25.50');
    expect(records[0]![column(header, 'Paid')]).toBe(now.toISOString());
    const all = await download('/api/admin/additional-fees/export.csv');
    expect(all.records).toHaveLength(FEES);
    expect(new Set(all.records.map((record) => record[column(all.header, 'Fee ID')])).size).toBe(FEES);
  });

  it('exports ledger invoices by status and Los Angeles issue days', async () => {
    const { response, header, records } = await download(
      '/api/admin/invoices/export.csv?status=paid&startDate=2026-11-01&endDate=2026-11-10',
    );
    expect(response.headers['content-disposition']).toBe('attachment; filename="invoices-2026-11-24.csv"');
    expect(expected.paidInvoicesInRange).toBeGreaterThan(10);
    expect(records).toHaveLength(expected.paidInvoicesInRange);
    expect(records[0]![column(header, 'Customer Name')]).toBe('Ledger Person');
    expect(records[0]![column(header, 'Amount Paid (USD)')]).toBe('39.00');
    const issued = records.map((record) => record[column(header, 'Issued')]!);
    expect(issued.every((at) => at >= '2026-11-01T07:00:00.000Z' && at < '2026-11-11T08:00:00.000Z')).toBe(true);
    const all = await download('/api/admin/invoices/export.csv');
    expect(all.records).toHaveLength(INVOICES);
  });

  it('refuses bad filters with a 400 and nothing without a session', async () => {
    for (const url of [
      '/api/admin/orders/export.csv?status=bogus',
      '/api/admin/orders/export.csv?startDate=2026-09-01&endDate=2026-08-01',
      '/api/admin/orders/export.csv?startDate=2026-02-30',
      '/api/admin/additional-fees/export.csv?status=everything',
      '/api/admin/invoices/export.csv?endDate=tomorrow',
      `/api/admin/customers/export.csv?search=${'x'.repeat(101)}`,
    ]) {
      const response = await admin.request({ url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      expect(typeof response.json().message).toBe('string');
    }
    const anonymous = await t.app.inject({ url: '/api/admin/customers/export.csv' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('Muñoz');
  });
});
