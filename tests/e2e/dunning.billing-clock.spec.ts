import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { addDays, addMonths } from '@/contracts/dates';
import { rentAndPay, seriousAxeViolations, uniqueEmail } from './support/flows';
import { e2eAdmin } from './support/global-setup';

// This spec moves the server's billing clock forward for good, so playwright.config.ts runs it after all others.

/** A card saved on the provider's billing page, which then goes back (to the portal, or where `back` says). */
async function saveCardOn(page: Page, cardNumber: string, back: RegExp = /\/portal\//) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Jordan Rivera');
  await page.getByRole('button', { name: 'Save Card' }).click();
  await page.waitForURL(back);
}

/** "Update payment method" opens the provider's page in a new tab; a card is saved there. */
async function saveCardFrom(page: Page, context: BrowserContext, button: string, cardNumber: string) {
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: button }).click()]);
  await saveCardOn(tab, cardNumber);
  await tab.close();
}

test('a past-due customer sees the banner and pays; the owner sees the rental in Needs attention, then not', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(180_000); // a checkout, two card changes and a month of billing, on one page each
  const { orderNumber } = await rentAndPay(page, uniqueEmail('dunning'));
  await page.getByRole('link', { name: 'Access My Account' }).click();
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  // The customer's new card saves but every charge on it fails (Stripe's 4000 0000 0000 0341).
  await saveCardFrom(page, context, 'Update Payment Method', '4000 0000 0000 0341');

  // The renewal on the start date (the server's tomorrow) + 1 month, at midday in Los Angeles, fails. The clock moves
  // to the day after it: past the renewal whatever the time of day, and short of the first retry 3 days after it. A
  // fixed count cannot: a start on the 29th to 31st renews on the last of a shorter month (February's 28th), so 33
  // days from January 29 also reached the retry of March 3, and the rental was suspended, not past due.
  const owner = await browser.newContext();
  expect((await owner.request.post('/api/admin/login', { data: e2eAdmin })).status()).toBe(200);
  const { today } = (await (await owner.request.get('/api/today')).json()) as { today: string };
  const renewal = addMonths(addDays(today, 1), 1);
  const days = (Date.parse(renewal) - Date.parse(today)) / 86_400_000 + 1;
  const advanced = await owner.request.post('/api/admin/billing-clock/advance', { data: { days } });
  expect(advanced.status()).toBe(200);

  // The owner's browser is signed in already (the request above set its session cookie).
  const ownerPage = await owner.newPage();
  await ownerPage.goto('/admin');
  await expect(ownerPage.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  const attention = ownerPage.getByRole('region', { name: /Needs attention/ });
  await expect(attention.getByRole('listitem').filter({ hasText: orderNumber })).toContainText('Past due');

  await page.reload();
  const banner = page.getByRole('alert').filter({ hasText: 'Payment past due' });
  await expect(banner).toContainText('We could not charge $39.00 to your card.');
  // The rental's badge by the title says so too, not "Active" (issue 33).
  await expect(page.getByText('Active', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Past due', { exact: true }).first()).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  // "Pay now" is the open invoice's hosted page (its hosted_invoice_url, ADR 040): the billing page, where a new card
  // pays what is open, then back to this rental's portal (the renewal's subscription names the rental).
  const portalUrl = page.url();
  await page.getByRole('link', { name: 'Pay now' }).click();
  await saveCardOn(page, '4242 4242 4242 4242');
  expect(new URL(page.url()).pathname).toBe(new URL(portalUrl).pathname);

  await page.goto(portalUrl);
  await expect(page.getByRole('alert').filter({ hasText: 'Payment past due' })).toHaveCount(0);
  await expect(page.getByText('Current', { exact: true })).toBeVisible();

  await ownerPage.reload();
  await expect(ownerPage.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(ownerPage.getByText(orderNumber)).toHaveCount(0);
  await owner.close();
});
