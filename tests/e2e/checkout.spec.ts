import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { pdfText } from '@tests/support/pdf-text';
import { fillRegistration, laDate, payWith, renter, seriousAxeViolations, uniqueEmail } from './support/flows';

test.describe('checkout', () => {
  test('catalog → Rent Now → register → pay with 4242 → rental confirmed, agreement PDF downloads', async ({
    page,
  }) => {
    await page.goto('/catalog');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Portable AC 12,000-14,000 BTU' }) });
    await card.getByRole('link', { name: /^Rent Now/ }).click();
    await expect(page).toHaveURL(/\/checkout\?model=[0-9a-f-]{36}&btu=12-14k$/);

    const progress = page.getByRole('navigation', { name: 'Checkout progress' });
    await expect(progress.getByText('Complete Registration')).toBeVisible();
    await expect(progress.getByText('Payment')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Monthly AC Rental' })).toBeVisible();
    await expect(page.getByText('All units minimum 10,000 BTU')).toBeVisible();
    await expect(page.getByText('Selected unit: Portable AC 12,000-14,000 BTU')).toBeVisible();
    await expect(page.getByText('AC units available for rental')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Rental Agreement Summary' })).toBeVisible();
    const prices = page.getByRole('region', { name: 'Price Summary' });
    await expect(prices.getByText('$39.00/month')).toBeVisible();
    await expect(prices.getByText('$156.00')).toBeVisible();
    await expect(prices.getByText('FREE')).toBeVisible();

    const startDate = page.getByLabel('Start Date');
    await expect(startDate).toHaveValue(laDate(1));
    await expect(startDate).toHaveAttribute('min', laDate(0));
    const terms = page.getByRole('link', { name: /Read the full rental agreement/ });
    await expect(terms).toHaveAttribute('href', '/terms');
    await expect(terms).toHaveAttribute('target', '_blank');

    const email = uniqueEmail('happy');
    await fillRegistration(page, email);
    const submit = page.getByRole('button', { name: 'Complete Registration & Pay' });
    await expect(submit).toBeDisabled();
    await page.getByRole('checkbox', { name: 'I have read and agree to the rental agreement' }).check();
    await expect(submit).toBeEnabled();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await submit.click();

    await expect(page).toHaveURL(/\/pay\/cs_local_[0-9a-f]{32}$/);
    await expect(page.getByRole('heading', { name: 'Pay $39.00' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await payWith(page, '4242 4242 4242 4242');

    await expect(page).toHaveURL(/\/success\?session_id=cs_local_[0-9a-f]{32}$/);
    await expect(page.getByRole('heading', { name: 'Rental Confirmed!' })).toBeVisible();
    const orderNumber = (await page.getByText(/^order-[23456789A-HJKMNP-Z]{8}$/).textContent())!;
    const details = page.getByRole('definition');
    for (const text of [
      'Monthly',
      '12,000-14,000 BTU',
      '$39.00/month',
      '4 months',
      `${renter.address}, ${renter.city}, CA ${renter.zipCode}`,
      renter.name,
      renter.notes,
    ]) {
      await expect(details.filter({ hasText: text }).first()).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'What Happens Next?' })).toBeVisible();
    const site = (await (await page.request.get('/api/site-info')).json()) as { phone: string; email: string };
    const support = page.getByRole('region', { name: 'Questions? We are here 24/7.' });
    await expect(support.getByRole('link', { name: site.phone })).toHaveAttribute('href', /^tel:/);
    await expect(support.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
    await page.screenshot({ path: 'test-results/checkout-success.png', fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download Agreement' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`rental-agreement-${orderNumber}.pdf`);
    const text = await pdfText(readFileSync(await download.path()));
    expect(text).toContain(renter.name);
    expect(text).toContain(orderNumber);

    await page.getByRole('link', { name: 'Access My Account' }).click();
    await expect(page).toHaveURL(/\/portal\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'My AC Rental Account' })).toBeVisible();
    await expect(page.getByText(orderNumber)).toBeVisible();
  });

  test('a declined card shows the decline and a retry with 4242 succeeds (phone-sized screen)', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto('/checkout');
    await fillRegistration(page, uniqueEmail('decline'));
    await page.getByRole('checkbox', { name: 'I have read and agree to the rental agreement' }).check();
    await page.getByRole('button', { name: 'Complete Registration & Pay' }).click();
    await expect(page).toHaveURL(/\/pay\/cs_local_/);
    await expect(page.getByRole('link', { name: 'Cancel and return to checkout' })).toHaveAttribute(
      'href',
      /\/checkout\?model=[0-9a-f-]{36}&cancelled=1$/,
    );

    await payWith(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(page).toHaveURL(/\/pay\/cs_local_/);

    await payWith(page, '4242 4242 4242 4242');
    await expect(page.getByRole('heading', { name: 'Rental Confirmed!' })).toBeVisible();
    await context.close();
  });

  test('leaving the payment page by its cancel link gives the unit back at once', async ({ page }) => {
    await page.goto('/checkout');
    await fillRegistration(page, uniqueEmail('cancel'));
    await page.getByRole('checkbox', { name: 'I have read and agree to the rental agreement' }).check();
    await page.getByRole('button', { name: 'Complete Registration & Pay' }).click();
    await expect(page).toHaveURL(/\/pay\/cs_local_/);
    const cancel = page.getByRole('link', { name: 'Cancel and return to checkout' });
    const modelId = /model=([0-9a-f-]{36})/.exec((await cancel.getAttribute('href'))!)![1]!;
    const held = async () => (await (await page.request.get(`/api/inventory/${modelId}`)).json()).held as number;
    expect(await held()).toBeGreaterThan(0);
    const heldBefore = await held();

    await cancel.click();
    // Back on the checkout form, the parameter gone, the unit offered again.
    await expect(page).toHaveURL(new RegExp(`/checkout\\?model=${modelId}$`));
    await expect(page.getByRole('button', { name: 'Complete Registration & Pay' })).toBeVisible();
    await expect.poll(held).toBe(heldBefore - 1);
  });

  test('each field shows its validation message and nothing is sent', async ({ page }) => {
    await page.goto('/checkout');
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/checkout/create-session')) sent += 1;
    });
    // The start date is tomorrow once the page is hydrated (the server's page does not know the visitor's today).
    await expect(page.getByLabel('Start Date')).toHaveValue(laDate(1));
    await page.getByLabel('Start Date').fill('');
    await page.getByLabel('Full Name').fill('A');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Phone').fill('555-01');
    await page.getByLabel('Street Address').fill('12 B');
    await page.getByLabel('City').fill('X');
    await page.getByLabel('ZIP Code').fill('9261');
    await page.getByRole('checkbox', { name: 'I have read and agree to the rental agreement' }).check();
    await page.getByRole('button', { name: 'Complete Registration & Pay' }).click();

    const messages: Array<[string, string]> = [
      ['Start Date', 'Start date is required'],
      ['Full Name', 'Name must be at least 2 characters'],
      ['Email', 'Please enter a valid email address'],
      ['Phone', 'Please enter a valid phone number'],
      ['Street Address', 'Please enter a complete address'],
      ['City', 'City is required'],
      ['ZIP Code', 'Please enter a valid ZIP code'],
    ];
    for (const [label, message] of messages) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(new RegExp(message));
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    expect(sent).toBe(0);
  });

  test('a city that is not the ZIP’s gets a hint under the ZIP, gone once the city matches', async ({ page }) => {
    await page.goto('/checkout'); // typed at once: before the page's JavaScript runs, as a quick visitor does
    await page.getByLabel('City').fill('San Francisco');
    await page.getByLabel('ZIP Code').fill('92701');
    const hint = 'ZIP 92701 is for Santa Ana. If that is not your city, please check the city and ZIP.';
    await expect(page.getByText(hint)).toBeVisible();
    await expect(page.getByLabel('ZIP Code')).toHaveAccessibleDescription(hint);
    await page.getByLabel('City').fill('Santa Ana');
    await expect(page.getByText(hint)).toHaveCount(0);
  });

  test('submitting without ticking the agreement shows "Agreement Required" and sends nothing', async ({ page }) => {
    await page.goto('/checkout');
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/checkout/create-session')) sent += 1;
    });
    await fillRegistration(page, uniqueEmail('no-agreement'));
    await page.getByRole('button', { name: 'Complete Registration & Pay' }).click({ force: true });
    const toast = page.getByRole('status').filter({ hasText: 'Agreement Required' });
    await expect(toast).toContainText('Please accept the rental agreement to proceed');
    await expect(page).toHaveURL(/\/checkout$/);
    expect(sent).toBe(0);
  });

  test('a returning session_id goes to the success page', async ({ page }) => {
    await page.goto('/checkout?session_id=cs_local_unknown');
    await expect(page).toHaveURL(/\/success\?session_id=cs_local_unknown$/);
    await expect(page.getByRole('heading', { name: 'We could not find that checkout' })).toBeVisible();
  });
});
