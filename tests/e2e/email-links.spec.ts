import { expect, test, type Browser } from '@playwright/test';
import { rentAndPay, seriousAxeViolations, uniqueEmail } from './support/flows';
import { findMessage, readOutbox } from './support/outbox';

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

const linkIn = (text: string) => text.match(/https?:\/\/\S+\/auth\/link\/[A-Za-z0-9_-]+/)?.[0];

/** The links of the sign-in e-mails sent to `email`, oldest first. */
const signInMails = (email: string) =>
  readOutbox()
    .filter((m) => m.headers.toLowerCase().includes(`to: ${email}`) && m.headers.includes('Your sign-in link'))
    .map((m) => linkIn(m.text)!);

test.describe('e-mailed links on a new device', () => {
  test('a portal link opened in a fresh browser leads to a sign-in e-mail, then the portal; a prefetched one-time link still works', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000); // a checkout, four browsers and three e-mails on a shared machine
    const email = uniqueEmail('links');
    const { orderNumber } = await rentAndPay(page, email);
    const portalPath = await page.getByRole('link', { name: 'Access My Account' }).getAttribute('href');
    expect(portalPath).toMatch(/^\/portal\/[0-9a-f-]{36}$/);

    // The confirmation's one-time link, fetched twice first the way a mail scanner does.
    let confirmation: ReturnType<typeof findMessage>;
    await expect.poll(() => (confirmation = findMessage(email, orderNumber))).toBeTruthy();
    const confirmationLink = linkIn(confirmation!.text)!;
    expect(confirmationLink).toBeTruthy();
    for (let i = 0; i < 2; i += 1) expect((await request.get(confirmationLink)).status()).toBe(200);

    const phone = await freshPage(browser);
    await phone.page.goto(confirmationLink);
    await expect(phone.page.getByRole('heading', { name: 'Your sign-in link' })).toBeVisible();
    expect(await seriousAxeViolations(phone.page)).toEqual([]);
    await phone.page.getByRole('button', { name: 'Continue to your rental' }).click();
    await expect(phone.page).toHaveURL(new RegExp(`${portalPath}$`));
    await expect(phone.page.getByRole('heading', { name: 'My AC Rental Account' })).toBeVisible();
    await expect(phone.page.getByText(orderNumber)).toBeVisible();
    // "At any time": the same link again on this phone still opens the rental.
    await phone.page.goto(confirmationLink);
    await phone.page.getByRole('button', { name: 'Continue to your rental' }).click();
    await expect(phone.page).toHaveURL(new RegExp(`${portalPath}$`));
    await phone.context.close();

    // The same link in another browser: used, so it offers a fresh one in one click.
    const again = await freshPage(browser);
    await again.page.goto(confirmationLink);
    await again.page.getByRole('button', { name: 'Continue to your rental' }).click();
    await expect(again.page.getByRole('heading', { name: 'Get a fresh sign-in link' })).toBeVisible();
    await expect(again.page.getByText('Each sign-in link opens your rental once, on one device.')).toBeVisible();
    await expect(again.page.getByText(/expired/i)).toHaveCount(0);
    expect(await seriousAxeViolations(again.page)).toEqual([]);
    await again.page.getByRole('button', { name: 'Send me a new link' }).click();
    await expect(again.page.getByRole('status')).toContainText("We've e-mailed a new sign-in link");
    await again.context.close();

    // A plain portal link (cancellation, receipts, dunning) in a browser that never signed in.
    const laptop = await freshPage(browser);
    await laptop.page.goto(portalPath!);
    await expect(laptop.page.getByRole('heading', { name: 'Sign in to see your rental' })).toBeVisible();
    await expect(laptop.page.getByText(orderNumber)).toHaveCount(0);
    expect(await seriousAxeViolations(laptop.page)).toEqual([]);
    await laptop.page.getByLabel('Email').fill(email);
    await laptop.page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await expect(laptop.page.getByRole('status')).toContainText("If that e-mail address is on a rental, we've sent it");

    // Two sign-in e-mails by now (the resend above, and this one): the newest is this page's.
    await expect.poll(() => signInMails(email).length).toBe(2);
    const freshLink = signInMails(email).at(-1)!;
    await laptop.page.goto(freshLink);
    await laptop.page.getByRole('button', { name: 'Continue to your rental' }).click();
    await expect(laptop.page).toHaveURL(new RegExp(`${portalPath}$`));
    await expect(laptop.page.getByRole('heading', { name: 'My AC Rental Account' })).toBeVisible();
    await laptop.context.close();
  });

  test('a signed-out page says the same for an unknown rental and any address', async ({ page }) => {
    await page.goto('/portal/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Sign in to see your rental' })).toBeVisible();
    await page.getByLabel('Email').fill('nobody-rents@example.com');
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await expect(page.getByRole('status')).toContainText("If that e-mail address is on a rental, we've sent it");
  });
});
