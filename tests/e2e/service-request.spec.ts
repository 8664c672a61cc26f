import { expect, test, type Browser, type Page } from '@playwright/test';
import { laDate, rentAndPay, seriousAxeViolations, uniqueEmail } from './support/flows';
import { e2eAdmin } from './support/global-setup';

/** The owner books the visit: the Deliveries tab's contract, driven through the admin API. */
async function ownerSchedules(
  browser: Browser,
  taskId: string,
  visit: { scheduledDate: string; timeWindow: 'morning' | 'midday' | 'afternoon' | 'evening' },
) {
  const owner = await browser.newContext();
  expect((await owner.request.post('/api/admin/login', { data: e2eAdmin })).status()).toBe(200);
  const scheduled = await owner.request.post(`/api/admin/deliveries/${taskId}/schedule`, { data: visit });
  expect(scheduled.ok()).toBe(true);
  await owner.close();
}

/** The crew delivers the unit: the order's delivery marked done, as the Deliveries tab does. */
async function ownerDelivers(browser: Browser, orderId: string) {
  const owner = await browser.newContext();
  expect((await owner.request.post('/api/admin/login', { data: e2eAdmin })).status()).toBe(200);
  const detail = await (await owner.request.get(`/api/admin/orders/${orderId}`)).json();
  const delivery = detail.deliveryTasks.find((task: { type: string }) => task.type === 'delivery');
  const done = await owner.request.post(`/api/admin/deliveries/${delivery.id}/complete`, { data: {} });
  expect(done.ok()).toBe(true);
  await owner.close();
}

/** A paid rental's portal, its unit delivered (no service visit is asked for before that). */
async function openPortal(page: Page, browser: Browser) {
  await rentAndPay(page, uniqueEmail('service'));
  await page.getByRole('link', { name: 'Access My Account' }).click();
  await expect(page.getByRole('heading', { name: 'Service visits' })).toBeVisible();
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  // Not delivered yet: no button, the reason instead.
  await expect(page.getByTestId('service-unavailable')).toHaveText(
    'A service visit can be requested once your unit has been delivered.',
  );
  await expect(page.getByRole('button', { name: 'My unit needs service' })).toHaveCount(0);
  await ownerDelivers(browser, orderId);
  await page.reload();
  return orderId;
}

/** "Tuesday, November 25" for a YYYY-MM-DD day, as the portal writes it. */
const visitDay = (isoDate: string) =>
  new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

test.describe('service visits in the portal', () => {
  test('a customer asks for a service visit once the unit is delivered and sees it requested', async ({
    page,
    browser,
  }) => {
    test.slow(); // a checkout, two axe scans and a reload
    await openPortal(page, browser);
    await expect(page.getByText('No service visits yet.')).toBeVisible();

    // Keyboard: the button is reachable and opens the form.
    const open = page.getByRole('button', { name: 'My unit needs service' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'My unit needs service' });
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Request Service' }).click();
    await expect(dialog.getByText('Please tell us what is wrong (at least 10 characters)')).toBeVisible();
    await expect(dialog.getByText('Please choose a preferred day')).toBeVisible();
    await expect(dialog.getByLabel('What is wrong?')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel('What is wrong?').fill('It blows warm air and drips water on the floor');
    await dialog.getByLabel('Preferred day').fill(laDate(40));
    await dialog.getByRole('button', { name: 'Request Service' }).click();
    await expect(dialog.getByText('Please choose a day within the next 30 days.')).toBeVisible();
    await dialog.getByLabel('Preferred day').fill(laDate(3));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Request Service' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByText("We'll call you to book a time.", { exact: true })).toBeVisible();
    await expect(page.getByText('What is wrong: It blows warm air and drips water on the floor')).toBeVisible();
    // One open request at a time: the button gives way to the reason.
    await expect(page.getByRole('button', { name: 'My unit needs service' })).toHaveCount(0);
    await expect(page.getByTestId('service-unavailable')).toContainText('A service visit is already requested');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.reload();
    await expect(page.getByText("We'll call you to book a time.", { exact: true })).toBeVisible();
  });

  test('after the owner schedules the visit the customer sees its day and window', async ({ page, browser }) => {
    const orderId = await openPortal(page, browser);
    const requested = await page.request.post(`/api/portal/${orderId}/service-requests`, {
      data: { problem: 'The unit makes a loud rattling noise', preferredDate: laDate(2) },
    });
    expect(requested.status()).toBe(201);
    const { id } = await requested.json();

    await ownerSchedules(browser, id, { scheduledDate: laDate(4), timeWindow: 'morning' });
    await page.reload();
    await expect(page.getByText(new RegExp(`^We come on ${visitDay(laDate(4))}, \\d{4}, 8AM-11AM$`))).toBeVisible();
    await expect(page.getByRole('button', { name: 'My unit needs service' })).toHaveCount(0);
  });
});
