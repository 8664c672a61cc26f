import { expect, test, type ConsoleMessage } from '@playwright/test';
import { en } from '@/i18n/en';
import { es } from '@/i18n/es';

// The pages the server renders (src/web/entry-server.tsx, ADR 027) and how each language is asked for.
const prerendered = ['/', '/catalog', '/terms', '/monthly', '/weekly', '/contact', '/checkout'];
const languages = [
  {
    locale: 'en',
    browserLocale: 'en-US',
    common: en.common,
    checkout: en.checkout,
    perMonth: '$39/month',
    available: /^\d+ Available$/,
    bigModel: 'Portable AC 12,000-14,000 BTU',
  },
  {
    locale: 'es',
    browserLocale: 'es-MX',
    common: es.common,
    checkout: es.checkout,
    perMonth: '$39/mes',
    available: /^\d+ disponibles$/,
    // The demo's models have the owner's Spanish (migration 0026).
    bigModel: 'Aire portátil de 12,000-14,000 BTU',
  },
] as const;

for (const { locale, browserLocale, common, checkout, perMonth, available, bigModel } of languages) {
  test(`the public pages show their content without JavaScript (${locale})`, async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      locale: browserLocale,
    });
    const page = await context.newPage();
    for (const path of prerendered) {
      const response = await page.goto(path);
      expect(response?.headers()['vary'], path).toBe('Accept-Encoding, Accept-Language, Cookie');
      await expect(page.locator('html'), path).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: common.footer.weeklyRentals }), path).toBeVisible();
      await expect(page, path).not.toHaveTitle('');
    }
    // The catalog's models and prices are in the HTML; stock is read live, so it is still being checked.
    await page.goto('/catalog');
    await expect(page.getByRole('heading', { name: bigModel })).toBeVisible();
    await expect(page.getByText(perMonth).first()).toBeVisible();
    // The checkout's form and its model picker are in the HTML; without our JavaScript it cannot be submitted.
    await page.goto('/checkout');
    await expect(page.getByLabel(checkout.details.name)).toBeVisible();
    await expect(page.getByRole('radio', { name: new RegExp(bigModel) })).toBeVisible();
    // Natively disabled (not only aria-disabled until the agreement is ticked): no browser submission either.
    await expect(page.getByRole('button', { name: checkout.submit.pay })).toHaveAttribute('disabled');
    await context.close();
  });

  test(`the prerendered pages hydrate without errors or warnings (${locale})`, async ({ browser }) => {
    const context = await browser.newContext({ locale: browserLocale });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    for (const path of prerendered) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('html'), path).toHaveAttribute('lang', locale);
      expect(problems, path).toEqual([]);
    }
    // Stock arrives live after hydration, in place of "Checking...".
    await page.goto('/catalog');
    await expect(page.getByText(available).first()).toBeVisible();
    // The address's parameters apply once hydrated: the same markup first, then the model asked for.
    const models = (await (await page.request.get('/api/unit-models')).json()) as {
      id: string;
      name: string;
      nameEs: string | null;
    }[];
    const model = models.at(-1)!;
    await page.goto(`/checkout?model=${model.id}`);
    const shown = (locale === 'es' && model.nameEs) || model.name;
    await expect(page.getByRole('radio', { name: new RegExp(shown) })).toBeChecked();
    expect(problems).toEqual([]);
    await context.close();
  });
}

test('what is typed into the checkout before its JavaScript runs is kept', async ({ page }) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/checkout', { waitUntil: 'commit' });
  await page.getByLabel(en.checkout.details.name).fill('Early Typist');
  await page.getByLabel(en.checkout.details.city).fill('Aliso Viejo');
  // A ZIP ~15 miles from the depot: once hydrated, the price summary quotes its delivery as if typed afterwards.
  await page.getByLabel(en.checkout.details.zipCode).fill('92656');
  const pay = page.getByRole('button', { name: en.checkout.submit.pay });
  await expect(pay).toHaveAttribute('disabled');
  release();
  await expect(pay).not.toHaveAttribute('disabled');
  await expect(page.getByLabel(en.checkout.details.name)).toHaveValue('Early Typist');
  await expect(page.getByLabel(en.checkout.details.city)).toHaveValue('Aliso Viejo');
  const prices = page.getByRole('region', { name: 'Price Summary' });
  await expect(prices.getByText('Delivery (15.1 mi)')).toBeVisible();
  await expect(prices.getByText('$25.00')).toBeVisible();
});

test('a remembered language (cookie) wins over the browser languages, and switching follows at once', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ locale: 'en-US' });
  await context.addCookies([{ name: 'lang', value: 'es', url: baseURL! }]);
  const page = await context.newPage();
  await page.goto('/catalog');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('navigation', { name: es.common.nav.main })).toBeVisible();
  // Hydrated: the switcher only answers with React attached.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('navigation', { name: en.common.nav.main })).toBeVisible();
  await context.close();
});

test('a visitor who scrolled down while the page was loading stays there, and Rent Now works at once', async ({
  page,
}) => {
  // Before: hydrating ran the scroll-to-top meant for client navigations, so the page jumped back up and a tap on
  // the link that had been under the finger landed on whatever was there now (lost on a slow machine in CI).
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/catalog');
  const rent = page.getByRole('link', { name: /^Rent Now: Portable AC 12,000-14,000 BTU/ });
  await rent.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  release();
  // Stock is read live once hydrated.
  await expect(page.getByText(/^\d+ Available$/).first()).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await rent.click();
  await expect(page).toHaveURL(/\/checkout\?model=[0-9a-f-]{36}&btu=12-14k$/);
  // A navigation inside the site still starts at the top of the next page.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('a link at the bottom of a page opens the next page at its top', async ({ page }) => {
  await page.goto('/catalog');
  await expect(page.getByText(/^\d+ Available$/).first()).toBeVisible();
  const weekly = page.getByRole('contentinfo').getByRole('link', { name: en.common.footer.weeklyRentals });
  await weekly.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await weekly.click();
  await expect(page).toHaveURL(/\/weekly$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
