import { expect, test, type APIRequestContext } from '@playwright/test';
import type { AdminOrderDetail } from '@/contracts/admin/orders';
import type { UnitModelSummary } from '@/contracts/catalog';
import type { PhoneOrderCreated } from '@/contracts/phone-orders';
import { laDate, renter, uniqueEmail } from './support/flows';
import { e2eAdmin } from './support/global-setup';

// Issue 29's acceptance: a weekly order the owner took by phone, signed and paid by the customer through the e-mailed
// link in a browser, is billed every 7 days on the demo's billing clock and ends at the end of the paid week with no
// fee. This spec moves the server's billing clock forward for good, so playwright.config.ts runs it after all others.

async function advance(owner: APIRequestContext, days: number) {
  const advanced = await owner.post('/api/admin/billing-clock/advance', { data: { days } });
  expect(advanced.status(), await advanced.text()).toBe(200);
}

async function detail(owner: APIRequestContext, orderId: string): Promise<AdminOrderDetail> {
  return (await (await owner.get(`/api/admin/orders/${orderId}`)).json()) as AdminOrderDetail;
}

test('a weekly phone order is paid through its link, renews every 7 days and ends at the end of the paid week', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const ownerContext = await browser.newContext();
  const owner = ownerContext.request;
  expect((await owner.post('/api/admin/login', { data: e2eAdmin })).status()).toBe(200);
  // The server's today: other specs of this project may have moved its clock ahead of the machine's.
  const { today } = (await (await owner.get('/api/today')).json()) as { today: string };
  const model = ((await (await owner.get('/api/unit-models')).json()) as UnitModelSummary[])[0]!;
  // The specs before this one may have rented the demo fleet out: the owner adds the unit this order holds.
  const added = await owner.post('/api/admin/units', {
    data: {
      modelId: model.id,
      serial: `WEEKLY-${Date.now()}`,
      brand: 'Midea',
      model: 'MAP12S1TBL',
      btu: 12000,
      purchaseDate: today,
      purchasePrice: 449,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const startDate = laDate(1, today);
  const taken = await owner.post('/api/admin/orders', {
    data: {
      customer: { name: renter.name, email: uniqueEmail('weekly-phone'), phone: renter.phone },
      planType: 'weekly',
      unitModelId: model.id,
      startDate,
      address: '77 Weekly Way',
      city: renter.city,
      zipCode: renter.zipCode,
      deliveryToDorm: false,
    },
  });
  expect(taken.status(), await taken.text()).toBe(201);
  const order = (await taken.json()) as PhoneOrderCreated;

  // The customer, in a browser of their own, from the e-mailed link to /success.
  const customer = await browser.newContext();
  const page = await customer.newPage();
  await page.goto(order.linkUrl);
  await page.getByRole('checkbox', { name: 'I have read and agree to the rental agreement' }).check();
  await page.getByLabel('Type your full legal name to sign').fill(renter.name);
  await page.getByRole('button', { name: 'Sign and continue to payment' }).click();
  await expect(page).toHaveURL(/\/pay\/cs_local_[0-9a-f]{32}$/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(renter.name);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Rental Confirmed!' })).toBeVisible();

  let rental = await detail(owner, order.orderId);
  expect(rental.order).toMatchObject({ status: 'active', type: 'weekly', priceCents: model.weeklyPrice, monthsMin: 0 });
  expect(rental.billing.invoices).toHaveLength(1);
  expect(rental.phoneOrder).toMatchObject({ linkStatus: 'paid' });

  // Start + 7 days and start + 14 days (midday in Los Angeles): one more paid invoice of the weekly price each.
  await advance(owner, 9);
  await advance(owner, 7);
  rental = await detail(owner, order.orderId);
  const renewals = rental.billing.invoices.filter((invoice) => invoice.amountCents === model.weeklyPrice);
  expect(rental.billing.invoices).toHaveLength(3);
  expect(renewals.filter((invoice) => invoice.status === 'paid').length).toBeGreaterThanOrEqual(2);
  expect(rental.billing.nextBillDate).toBe(laDate(21, startDate));

  // The customer cancels from the portal (signed in on /success): the end of the paid week, no fee.
  await page.goto(`/portal/${order.orderId}`);
  const asked = await page.request.post(`/api/portal/${order.orderId}/cancellation`, {
    data: { effectiveDate: laDate(21, startDate), reason: 'The heat wave is over, thank you.' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  rental = await detail(owner, order.orderId);
  const request = rental.cancellationRequests[0]!;
  const decided = await owner.post(`/api/admin/cancellation-requests/${request.id}/decision`, {
    data: { decision: 'approved' },
  });
  expect(decided.status(), await decided.text()).toBe(200);

  await advance(owner, 8);
  rental = await detail(owner, order.orderId);
  expect(rental.billing.invoices).toHaveLength(3);
  expect(rental.billing.nextBillDate).toBeNull();
  expect(rental.paidFees).toEqual([]);
  expect(rental.order.status).not.toBe('active');
  await customer.close();
  await ownerContext.close();
});
