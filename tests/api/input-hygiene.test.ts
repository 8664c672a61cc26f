import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { signInAdmin } from '@tests/support/admin-client';
import { CUSTOMER_SESSION_COOKIE } from '@/server/platform/auth/customer-sessions';
import * as factories from '@/server/platform/db/factories';
import { seedDemoData } from '@/server/demo/seed';
import { snapshotTables } from '@tests/support/table-snapshot';
import { createTestApp } from '@tests/support/test-app';

/** Issue 15, item 4: each input that once reached the database and answered 500 is now a 400 that changes nothing. */
const t = await createTestApp();
afterAll(async () => t.close());

await seedDemoData(t.db);
const model = await factories.createUnitModel(t.db);
for (let i = 0; i < 3; i += 1) await factories.createUnit(t.db, { modelId: model.id });
const customer = await factories.createCustomer(t.db);
const order = await factories.createOrder(t.db, { customerId: customer.id, modelId: model.id, status: 'active' });
const template = await factories.createEmailTemplate(t.db);
const admin = await signInAdmin(t);
const access = await t.app.inject({
  method: 'POST',
  url: '/api/account-access',
  payload: { orderNumber: order.orderNumber, email: customer.email },
  remoteAddress: '10.55.0.1',
});
const customerCookie = `${CUSTOMER_SESSION_COOKIE}=${access.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE)!.value}`;

let address = 0;
const registration = (overrides: Record<string, unknown>) => ({
  planType: 'monthly',
  startDate: addDays(todayInLosAngeles(), 1),
  name: 'Jordan Rivera',
  email: `hygiene-${++address}@example.com`,
  phone: '(714) 555-0101',
  address: '123 Main Street',
  city: 'Irvine',
  zipCode: '92612',
  modelId: model.id,
  ...overrides,
});
const post = (url: string, payload: unknown, cookie?: string): InjectOptions => ({
  method: 'POST',
  url,
  payload: payload as InjectOptions['payload'],
  remoteAddress: `10.55.1.${++address % 250}`,
  ...(cookie ? { headers: { cookie } } : {}),
});
const unit = (overrides: Record<string, unknown>) => ({
  modelId: model.id,
  serial: `HY-${++address}`,
  brand: 'Midea',
  model: 'MAP12',
  btu: 12_000,
  purchaseDate: '2024-05-01',
  purchasePrice: 450,
  ...overrides,
});
const NUL = 'Text cannot contain NUL characters';

const cases: Array<[string, InjectOptions, { field?: string; message: string }]> = [
  [
    'a NUL in the name at checkout',
    post('/api/checkout/create-session', registration({ name: 'Jo\u0000rdan' })),
    { field: 'name', message: NUL },
  ],
  [
    'a NUL in the address at checkout',
    post('/api/checkout/create-session', registration({ address: '1 Main\u0000 St' })),
    { field: 'address', message: NUL },
  ],
  [
    'a NUL in the notes at checkout',
    post('/api/checkout/create-session', registration({ buildingNotes: '\u0000' })),
    { field: 'buildingNotes', message: NUL },
  ],
  [
    'start date 9999-12-31',
    post('/api/checkout/create-session', registration({ startDate: '9999-12-31' })),
    { field: 'startDate', message: 'Start date must be within the next 60 days' },
  ],
  [
    'a start date 61 days ahead',
    post('/api/checkout/create-session', registration({ startDate: addDays(todayInLosAngeles(), 61) })),
    { field: 'startDate', message: 'Start date must be within the next 60 days' },
  ],
  [
    'start date year 0000',
    post('/api/checkout/create-session', registration({ startDate: '0000-01-01' })),
    { field: 'startDate', message: 'Start date cannot be in the past' },
  ],
  [
    'a NUL at account access',
    post('/api/account-access', { orderNumber: 'A\u0000', email: 'a@example.com' }),
    { field: 'orderNumber', message: NUL },
  ],
  [
    'a NUL in the admin username (the rate-limit key)',
    post('/api/admin/login', { username: 'admin\u0000', password: 'x' }),
    { field: 'username', message: NUL },
  ],
  ['a NUL in a payment page id', { method: 'GET', url: '/api/pay/sessions/%00' }, { field: 'sessionId', message: NUL }],
  [
    'a NUL in the success page session_id',
    { method: 'GET', url: '/api/checkout/success?session_id=a%00b' },
    { field: 'session_id', message: NUL },
  ],
  [
    'a NUL in an e-mail template',
    post(
      '/api/admin/email-templates',
      { name: 'N\u0000', templateType: 'x_y', subject: 'S', body: 'B', isActive: true },
      admin.cookie,
    ),
    { field: 'name', message: NUL },
  ],
  [
    'an empty PATCH of an e-mail template',
    {
      method: 'PATCH',
      url: `/api/admin/email-templates/${template.id}`,
      payload: {},
      headers: { cookie: admin.cookie },
    },
    { message: 'Nothing to change' },
  ],
  [
    'a NUL in a unit',
    post('/api/admin/units', unit({ serial: 'S\u0000' }), admin.cookie),
    { field: 'serial', message: NUL },
  ],
  [
    'a unit bought in year 0000',
    post('/api/admin/units', unit({ purchaseDate: '0000-01-01' }), admin.cookie),
    { field: 'purchaseDate', message: 'Purchase date is required' },
  ],
  [
    'order filters from year 0000',
    { method: 'GET', url: '/api/admin/orders/filtered?startDate=0000-01-01', headers: { cookie: admin.cookie } },
    { field: 'startDate', message: 'Use a real date in the form YYYY-MM-DD' },
  ],
  [
    'a lone surrogate in a contact update (the jsonb audit)',
    {
      method: 'PATCH',
      url: `/api/portal/${order.id}/contact`,
      payload: { name: 'Jo\ud800', email: customer.email, phone: '(714) 555-0199' },
      headers: { cookie: customerCookie },
    },
    { field: 'name', message: 'Text must be valid Unicode (it has a lone surrogate)' },
  ],
  [
    'effective date 2027-02-30',
    post(
      `/api/portal/${order.id}/cancellation`,
      { effectiveDate: '2027-02-30', reason: 'Moving away at the end of summer' },
      customerCookie,
    ),
    { field: 'effectiveDate', message: 'Effective date is required' },
  ],
  [
    'effective date 9999-99-99',
    post(
      `/api/portal/${order.id}/cancellation`,
      { effectiveDate: '9999-99-99', reason: 'Moving away at the end of summer' },
      customerCookie,
    ),
    { field: 'effectiveDate', message: 'Effective date is required' },
  ],
  [
    'a body nested 10,000 deep',
    {
      method: 'POST',
      url: '/api/account-access',
      payload: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
      headers: { 'content-type': 'application/json' },
    },
    { message: 'The request is nested too deeply' },
  ],
];

describe('input the database cannot store is a 400 that changes nothing', () => {
  it.each(cases)('%s', async (_label, request, expected) => {
    const before = await snapshotTables(t.db);
    const response = await t.app.inject(request);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(expected.message);
    if (expected.field) expect(response.json().fieldErrors[expected.field]).toBe(expected.message);
    expect(await snapshotTables(t.db)).toEqual(before);
  });

  it('still takes the latest start date of the window, and a real date in a filter', async () => {
    const latest = await t.app.inject(
      post('/api/checkout/create-session', registration({ startDate: addDays(todayInLosAngeles(), 60) })),
    );
    expect(latest.statusCode).toBe(200);
    const filtered = await admin.request({ url: '/api/admin/orders/filtered?startDate=2024-02-29' });
    expect(filtered.statusCode).toBe(200);
  });
});
