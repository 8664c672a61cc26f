import { expect, test } from '@playwright/test';
import { fillRegistration, payWith, uniqueEmail } from './support/flows';
import { findMessage, readOutbox } from './support/outbox';

// The server runs as `npm start` does, without PUBLIC_URL: its default address is http://localhost:PORT, while
// this browser uses http://127.0.0.1:PORT (playwright.config.ts's baseURL). Cookies belong to one origin, so a
// checkout must come back from the payment page to the origin it began on (ADR 015).

test.describe('one origin', () => {
  test('a checkout begun on 127.0.0.1 ends on the success page there, with the portal open', async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    expect(new URL(origin).hostname).toBe('127.0.0.1');
    const onOrigin = (path: RegExp) => new RegExp(`^${origin.replaceAll('.', '\\.')}${path.source}`);

    const email = uniqueEmail('origin');
    await page.goto('/checkout');
    await fillRegistration(page, email);
    await page.getByRole('checkbox', { name: 'I have read and agree to the rental agreement' }).check();
    await page.getByRole('button', { name: 'Complete Registration & Pay' }).click();
    await expect(page).toHaveURL(onOrigin(/\/pay\/cs_local_[0-9a-f]{32}$/));
    await payWith(page, '4242 4242 4242 4242');

    await expect(page).toHaveURL(onOrigin(/\/success\?session_id=cs_local_[0-9a-f]{32}$/));
    await expect(page.getByRole('heading', { name: 'Rental Confirmed!' })).toBeVisible();
    const orderNumber = (await page.getByText(/^order-[23456789A-HJKMNP-Z]{8}$/).textContent())!;
    await page.getByRole('link', { name: 'Access My Account' }).click();
    await expect(page).toHaveURL(onOrigin(/\/portal\/[0-9a-f-]{36}$/));
    await expect(page.getByRole('heading', { name: 'My AC Rental Account' })).toBeVisible();
    await expect(page.getByText(orderNumber)).toBeVisible();

    // The confirmation's one-time link goes where the checkout began too ...
    let confirmation: ReturnType<typeof findMessage>;
    await expect.poll(() => (confirmation = findMessage(email, orderNumber))).toBeTruthy();
    expect(confirmation!.text).toContain(`${origin}/auth/link/`);
    // ... while mail that no customer's request caused uses the site's default address: the server really runs
    // on another origin than this browser's, so what passed above is the links following the browser.
    const ownerAlert = readOutbox().find((message) => message.headers.includes(`New rental paid: ${orderNumber}`));
    expect(ownerAlert?.text).toMatch(/Dashboard: http:\/\/localhost:\d+\/admin/);
  });
});
