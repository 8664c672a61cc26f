import { expect, test, type APIRequestContext } from '@playwright/test';
import { fillRegistration, laDate, payWith, uniqueEmail } from './support/flows';
import { e2eAdmin } from './support/global-setup';

// This spec moves the server's billing clock forward for good, so playwright.config.ts runs it after all others.
// The clock only moves forward and other billing-clock specs share the server: every date here is the server's
// (GET /api/today), never "60 days from the machine's today", so it holds whichever of them ran before.

const DAYS_AHEAD = 60;

/** Today on the server's (app's) clock, YYYY-MM-DD in Los Angeles. */
const serverToday = async (request: APIRequestContext) =>
  ((await (await request.get('/api/today')).json()) as { today: string }).today;

test("after the demo's clock moves 60 days ahead, a new customer rents from the form's own start date", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000); // two months of the demo's billing, day by day, then a checkout
  const owner = await browser.newContext();
  expect((await owner.request.post('/api/admin/login', { data: e2eAdmin })).status()).toBe(200);
  const before = await serverToday(owner.request);
  const advanced = await owner.request.post('/api/admin/billing-clock/advance', {
    data: { days: DAYS_AHEAD },
    timeout: 200_000,
  });
  expect(advanced.status()).toBe(200);

  const today = await serverToday(page.request);
  expect(today >= laDate(DAYS_AHEAD, before)).toBe(true);
  expect(today >= laDate(DAYS_AHEAD)).toBe(true); // the machine's, and so this browser's, is two months behind

  // The form offers the server's tomorrow and bounds the date on the server's today, not on this browser's.
  await page.goto('/checkout');
  const startDate = page.getByLabel('Start Date');
  await expect(startDate).toHaveValue(laDate(1, today));
  await expect(startDate).toHaveAttribute('min', today);
  await expect(startDate).toHaveAttribute('max', laDate(DAYS_AHEAD, today));

  await fillRegistration(page, uniqueEmail('server-today'));
  await page.getByRole('checkbox', { name: 'I have read and agree to the rental agreement' }).check();
  await page.getByRole('button', { name: 'Complete Registration & Pay' }).click();
  await expect(page.getByText('Start date cannot be in the past')).toHaveCount(0);
  await expect(page).toHaveURL(/\/pay\/cs_local_[0-9a-f]{32}$/);
  await payWith(page, '4242 4242 4242 4242');

  await expect(page.getByRole('heading', { name: 'Rental Confirmed!' })).toBeVisible();
  const startsOn = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${laDate(1, today)}T12:00:00Z`));
  await expect(page.getByRole('definition').filter({ hasText: startsOn })).toBeVisible();

  // The owner's route sheet opens on the app clock's today too.
  const ownerPage = await owner.newPage();
  await ownerPage.goto('/admin/route-sheet');
  await expect(ownerPage.getByLabel('Day')).toHaveValue(await serverToday(owner.request));
  await owner.close();
});
