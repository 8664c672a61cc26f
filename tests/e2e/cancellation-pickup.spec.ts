import { expect, test } from '@playwright/test';
import { choose, openTab, signIn } from './support/admin';
import { laWindowDay, rentAndPay, uniqueEmail } from './support/flows';

/** "December 15, 2026" for a YYYY-MM-DD day, as the dashboard writes it. */
const longDay = (isoDate: string) =>
  new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

test('owner: approving a cancellation leads to booking its pickup, day and window', async ({ page, browser }) => {
  test.slow(); // a checkout, a cancellation request and the owner's dashboard
  const endDate = laWindowDay(14); // a day with the owner's windows (not a Sunday)
  const { orderNumber } = await rentAndPay(page, uniqueEmail('pickup'));
  await page.getByRole('link', { name: 'Access My Account' }).click();
  await page.getByRole('button', { name: 'Request Cancellation' }).click();
  const request = page.getByRole('dialog', { name: 'Request Cancellation' });
  await request.getByLabel('Effective date').fill(endDate);
  await request.getByLabel('Reason for cancellation').fill('Moving back home at the end of the term');
  await request.getByRole('button', { name: 'Send Cancellation Request' }).click();
  await expect(page.getByText('Cancellation requested')).toBeVisible();

  const owner = await (await browser.newContext()).newPage();
  await signIn(owner);
  await openTab(owner, 'Orders');
  await owner.getByLabel('Search orders').fill(orderNumber);
  await owner.getByRole('button', { name: `View order ${orderNumber}` }).click();
  const order = owner.getByRole('dialog', { name: new RegExp(`^Order ${orderNumber}`) });
  await order.getByRole('button', { name: 'Approve' }).click();

  // The booking opens at once: the day asked for (the effective date), a window to choose, the customer e-mailed.
  const booking = owner.getByRole('dialog', { name: 'Schedule pickup' });
  await expect(booking).toBeVisible();
  await expect(booking.getByText('The customer is e-mailed the day and window.')).toBeVisible();
  await expect(booking.getByLabel('Date')).toHaveValue(endDate);
  await choose(owner, 'Time window', /^12PM-4PM/);
  await booking.getByRole('button', { name: 'Schedule' }).click();
  await expect(booking).toBeHidden();

  const tasks = order.getByRole('region', { name: 'Delivery tasks' });
  await expect(tasks).toContainText(`pickup · ${longDay(endDate)}, 12PM-4PM`);
  await expect(tasks.getByRole('button', { name: 'Book pickup' })).toHaveCount(0);
});
