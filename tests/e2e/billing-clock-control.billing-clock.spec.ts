import { expect, test } from '@playwright/test';
import { signIn, toast } from './support/admin';
import { seriousAxeViolations } from './support/flows';

// The demo's billing clock in the dashboard (issue 33, item 8): the app's date, and "Move forward" by days, with
// no curl. It moves the server's clock for good, so it runs with the other billing-clock specs, after all others.

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'America/Los_Angeles',
  });

test('the owner sees the app date and moves it forward from the dashboard', async ({ page }) => {
  await signIn(page);
  const before = (await (await page.request.get('/api/admin/billing-clock')).json()) as { now: string };
  const clock = page.getByRole('region', { name: 'Demo billing clock' });
  await expect(clock).toContainText(`The app's date is ${longDate(before.now)}.`);

  await clock.getByLabel('Days').fill('0');
  await clock.getByRole('button', { name: 'Move forward' }).click();
  await expect(clock.getByRole('alert')).toHaveText('Days must be a whole number from 1 to 400');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await clock.getByLabel('Days').fill('2');
  await clock.getByRole('button', { name: 'Move forward' }).click();
  const expected = longDate(new Date(new Date(before.now).getTime() + 2 * 86_400_000).toISOString());
  await expect(toast(page).getByText(`The app's date is now ${expected}.`)).toBeVisible({ timeout: 60_000 });
  await expect(clock).toContainText(`The app's date is ${expected}.`);
});
