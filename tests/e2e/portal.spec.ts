import { readFileSync } from 'node:fs';
import { expect, test, type Browser } from '@playwright/test';
import { pdfText } from '@tests/support/pdf-text';
import { laDate, renter, rentAndPay, seriousAxeViolations, uniqueEmail } from './support/flows';
import { e2eAdmin } from './support/global-setup';
import { findMessage } from './support/outbox';

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test.describe('customer portal', () => {
  test('is private: open after paying, closed to a fresh browser, reopened with order number and e-mail', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('portal');
    const { orderNumber } = await rentAndPay(page, email);
    await page.getByRole('link', { name: 'Access My Account' }).click();
    await expect(page.getByRole('heading', { name: 'My AC Rental Account' })).toBeVisible();
    await expect(page.getByText(orderNumber)).toBeVisible();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByText('Monthly AC Rental')).toBeVisible();
    await expect(page.getByText(renter.address)).toBeVisible();
    await expect(page.getByText(`Notes: ${renter.notes}`)).toBeVisible();
    await expect(page.getByText(/Visa •••• 4242/)).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const portalUrl = page.url();

    const stranger = await freshPage(browser);
    await stranger.page.goto(portalUrl);
    // Signed out, any id (real or not) asks to sign in: nothing says whether the rental exists.
    await expect(stranger.page.getByRole('heading', { name: 'Sign in to see your rental' })).toBeVisible();
    await expect(stranger.page.getByText(renter.address)).toHaveCount(0);

    await stranger.page.goto('/account-access');
    await stranger.page.getByLabel('Order ID').fill(orderNumber);
    await stranger.page.getByLabel('Email').fill('not-the-renter@example.com');
    await stranger.page.getByRole('button', { name: 'Access My Account' }).click();
    await expect(stranger.page.getByRole('alert')).toContainText("We couldn't find a rental with that order number");
    await expect(stranger.page).toHaveURL(/\/account-access$/);

    await stranger.page.getByLabel('Email').fill(email);
    await stranger.page.getByRole('button', { name: 'Access My Account' }).click();
    await expect(stranger.page).toHaveURL(portalUrl);
    await expect(stranger.page.getByRole('heading', { name: 'My AC Rental Account' })).toBeVisible();
    await stranger.context.close();
  });

  test('the e-mailed link opens the portal once and never again', async ({ page, browser }) => {
    const email = uniqueEmail('link');
    const { orderNumber } = await rentAndPay(page, email);
    let message: ReturnType<typeof findMessage>;
    await expect.poll(() => (message = findMessage(email, orderNumber))).toBeTruthy();
    const link = message!.text.match(/https?:\/\/\S+\/auth\/link\/[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeTruthy();
    expect(message!.raw).toMatch(/filename="?rental-agreement-order-/);

    const first = await freshPage(browser);
    await first.page.goto(link!);
    await first.page.getByRole('button', { name: 'Continue to your rental' }).click();
    await expect(first.page).toHaveURL(/\/portal\/[0-9a-f-]{36}$/);
    await expect(first.page.getByText(orderNumber)).toBeVisible();
    await first.context.close();

    const second = await freshPage(browser);
    await second.page.goto(link!);
    await second.page.getByRole('button', { name: 'Continue to your rental' }).click();
    await expect(second.page.getByText('Each sign-in link opens your rental once, on one device.')).toBeVisible();
    await expect(second.page.getByText(orderNumber)).toHaveCount(0);
    await second.context.close();
  });

  test('shows the invoice history and next bill, and an approved cancellation with its end date', async ({
    page,
    browser,
  }) => {
    await rentAndPay(page, uniqueEmail('billing'));
    await page.getByRole('link', { name: 'Access My Account' }).click();
    await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
    const invoices = page.getByRole('table');
    await expect(invoices.getByRole('row')).toHaveCount(2); // the header and the first month, paid at checkout
    await expect(invoices.getByRole('row').nth(1)).toContainText('$39.00');
    await expect(invoices.getByRole('row').nth(1)).toContainText('Paid');
    // The paid invoice links its receipt: the provider's page of the invoice (the local gateway's, in the demo).
    const receipt = invoices.getByRole('row').nth(1).getByRole('link', { name: 'Receipt' });
    const receiptUrl = (await receipt.getAttribute('href'))!;
    expect(receiptUrl).toMatch(/\/api\/pay\/invoices\/in_local_/);
    const receiptPage = await page.request.get(receiptUrl);
    expect(receiptPage.status()).toBe(200);
    expect(await receiptPage.text()).toContain('Amount paid: $39.00');
    await expect(page.getByText('Current', { exact: true })).toBeVisible();
    await expect(page.getByText('Next bill date')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Request Cancellation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Cancellation' });
    await dialog.getByLabel('Effective date').fill(laDate(14));
    await dialog.getByLabel('Reason for cancellation').fill('Moving back home at the end of the term');
    await dialog.getByRole('button', { name: 'Send Cancellation Request' }).click();
    await expect(page.getByText('Cancellation requested')).toBeVisible();

    // The owner approves it.
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const owner = await browser.newContext();
    const signedIn = await owner.request.post('/api/admin/login', { data: e2eAdmin });
    expect(signedIn.status()).toBe(200);
    const detail = await (await owner.request.get(`/api/admin/orders/${orderId}`)).json();
    const requestId = detail.cancellationRequests[0].id;
    const decided = await owner.request.post(`/api/admin/cancellation-requests/${requestId}/decision`, {
      data: { decision: 'approved' },
    });
    expect(decided.status()).toBe(200);
    await owner.close();

    await page.reload();
    await expect(page.getByText('Cancellation approved')).toBeVisible();
    const endDate = new Date(`${laDate(14)}T12:00:00Z`).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await expect(page.getByText(`Your rental ends on ${endDate}; billing stops then.`, { exact: false })).toBeVisible();
    await expect(page.getByText('Billing ends')).toBeVisible();
    await expect(page.getByText(/Early termination \(agreement\)/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request Cancellation' })).toHaveCount(0);
  });

  test('cancelling inside the minimum term states the $150 fee and records the request', async ({ page }) => {
    await rentAndPay(page, uniqueEmail('cancel'));
    await page.getByRole('link', { name: 'Access My Account' }).click();
    await page.getByRole('button', { name: 'Request Cancellation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Cancellation' });
    await dialog.getByRole('button', { name: 'Send Cancellation Request' }).click();
    await expect(dialog.getByText('Effective date is required')).toBeVisible();
    await expect(dialog.getByText('Please provide a reason for cancellation (minimum 10 characters)')).toBeVisible();

    await dialog.getByLabel('Effective date').fill(laDate(14));
    await expect(dialog.getByRole('status')).toContainText('An early-termination fee of $150.00 applies.');
    await dialog.getByLabel('Reason for cancellation').fill('Moving back home at the end of the term');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send Cancellation Request' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByText('Cancellation requested')).toBeVisible();
    await expect(page.getByText(/An early-termination fee of \$150\.00 applies\./)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request Cancellation' })).toHaveCount(0);
  });

  test('contact details can be updated, the agreement downloads, and signing out closes the portal', async ({
    page,
  }) => {
    await rentAndPay(page, uniqueEmail('contact'));
    await page.getByRole('link', { name: 'Access My Account' }).click();
    await expect(page.getByRole('heading', { name: 'My AC Rental Account' })).toBeVisible();

    await page.getByRole('button', { name: 'Update Contact Info' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Contact Info' });
    await dialog.getByLabel('Phone').fill('123');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Please enter a valid phone number')).toBeVisible();
    await dialog.getByLabel('Phone').fill('(949) 555-0188');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('(949) 555-0188')).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download Agreement' }).click(),
    ]);
    const text = await pdfText(readFileSync(await download.path()));
    expect(text).toContain(renter.name);

    const portalUrl = page.url();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/account-access$/);
    await page.goto(portalUrl);
    await expect(page.getByRole('heading', { name: 'Sign in to see your rental' })).toBeVisible();
  });
});
