import { expect, test, type Browser } from '@playwright/test';
import { rentAndPay, seriousAxeViolations, uniqueEmail } from './support/flows';
import { readOutbox } from './support/outbox';

/**
 * Issue 13 items 3 and 4 in Spanish: an e-mailed portal link opened on a Spanish phone leads to a sign-in e-mail
 * and then the portal, a prefetched one-time link still works, a used one offers a fresh one, axe is clean on each
 * page, and the language the customer picks in the portal is kept on their account so e-mails follow it.
 */
async function spanishBrowser(browser: Browser) {
  const context = await browser.newContext({ locale: 'es-MX' });
  return { context, page: await context.newPage() };
}

const linkIn = (text: string) => text.match(/https?:\/\/\S+\/auth\/link\/[A-Za-z0-9_-]+/)?.[0];

/** The sign-in e-mails sent to `email` (either language), oldest first. */
const signInMails = (email: string) =>
  readOutbox().filter(
    (m) =>
      m.headers.toLowerCase().includes(`to: ${email}`) &&
      (m.headers.includes('Your sign-in link') || m.headers.includes('Su enlace para entrar')),
  );

test('in Spanish: portal link on a new device → sign-in e-mail → portal; prefetch-safe; the language follows the customer', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('es-links');
  const { orderNumber } = await rentAndPay(page, email);
  const portalPath = await page.getByRole('link', { name: 'Access My Account' }).getAttribute('href');
  expect(portalPath).toMatch(/^\/portal\/[0-9a-f-]{36}$/);

  // A plain portal link opened on a Spanish phone that never signed in.
  const phone = await spanishBrowser(browser);
  await phone.page.goto(portalPath!);
  await expect(phone.page.getByRole('heading', { name: 'Entre para ver su renta' })).toBeVisible();
  await expect(phone.page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(phone.page.getByText(orderNumber)).toHaveCount(0);
  expect(await seriousAxeViolations(phone.page)).toEqual([]);
  await phone.page.getByLabel('Correo electrónico').fill(email);
  await phone.page.getByRole('button', { name: 'Envíenme un enlace para entrar' }).click();
  await expect(phone.page.getByRole('status')).toContainText('Si ese correo electrónico está en una renta');

  await expect.poll(() => signInMails(email).length).toBe(1);
  const link = linkIn(signInMails(email)[0]!.text)!;
  // A mail scanner fetches it first: that spends nothing.
  for (let i = 0; i < 2; i += 1) expect((await request.get(link)).status()).toBe(200);
  await phone.page.goto(link);
  await expect(phone.page.getByRole('heading', { name: 'Su enlace para entrar' })).toBeVisible();
  expect(await seriousAxeViolations(phone.page)).toEqual([]);
  await phone.page.getByRole('button', { name: 'Continuar a su renta' }).click();
  await expect(phone.page).toHaveURL(new RegExp(`${portalPath}$`));
  await expect(phone.page.getByRole('heading', { name: 'Mi cuenta de renta de aire acondicionado' })).toBeVisible();
  await expect(phone.page.getByText(orderNumber)).toBeVisible();
  await expect(phone.page.getByRole('heading', { name: 'Detalles de la renta' })).toBeVisible();
  expect(await seriousAxeViolations(phone.page)).toEqual([]);

  // Switching language in the portal saves it on the customer (English, then back to Spanish).
  const saved = (locale: string) =>
    phone.page.waitForResponse(
      (r) => r.url().endsWith('/api/portal/locale') && r.request().postData() === JSON.stringify({ locale }),
    );
  const toEnglish = saved('en');
  await phone.page.getByRole('button', { name: 'English' }).click();
  expect((await toEnglish).status()).toBe(204);
  await expect(phone.page.getByRole('heading', { name: 'My AC Rental Account' })).toBeVisible();
  const toSpanish = saved('es');
  await phone.page.getByRole('button', { name: 'Español' }).click();
  expect((await toSpanish).status()).toBe(204);
  await expect(phone.page.getByRole('heading', { name: 'Mi cuenta de renta de aire acondicionado' })).toBeVisible();
  await phone.context.close();

  // The used link on another Spanish device: expired, offers a fresh one, which comes in Spanish.
  const tablet = await spanishBrowser(browser);
  await tablet.page.goto(link);
  await tablet.page.getByRole('button', { name: 'Continuar a su renta' }).click();
  await expect(tablet.page.getByRole('heading', { name: 'Pida un enlace nuevo para entrar' })).toBeVisible();
  expect(await seriousAxeViolations(tablet.page)).toEqual([]);
  await tablet.page.getByRole('button', { name: 'Envíenme un enlace nuevo' }).click();
  await expect(tablet.page.getByRole('status')).toContainText('Enviamos un enlace nuevo');
  await expect.poll(() => signInMails(email).length).toBe(2);
  const fresh = signInMails(email)[1]!;
  expect(fresh.headers).toContain('Su enlace para entrar');
  expect(fresh.text).toContain('Este es su enlace para abrir su renta');
  await tablet.page.goto(linkIn(fresh.text)!);
  await tablet.page.getByRole('button', { name: 'Continuar a su renta' }).click();
  await expect(tablet.page.getByRole('heading', { name: 'Mi cuenta de renta de aire acondicionado' })).toBeVisible();
  await tablet.context.close();
});

test('in Spanish: /account-access and its expired-link notice are translated and axe-clean', async ({ browser }) => {
  const { context, page } = await spanishBrowser(browser);
  await page.goto('/account-access');
  await expect(page.getByRole('heading', { name: 'Acceda a su cuenta de renta' })).toBeVisible();
  await page.getByRole('button', { name: 'Entrar a mi cuenta' }).click();
  await expect(page.getByText('El número de pedido es obligatorio')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.goto('/account-access?link=expired');
  await expect(page.getByRole('alert')).toContainText('Este enlace para entrar ya venció o ya se usó.');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await context.close();
});
