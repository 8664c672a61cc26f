import { expect, test, type ConsoleMessage } from '@playwright/test';
import { en } from '@/i18n/en';
import { es } from '@/i18n/es';

// The pages prerendered at build time (src/web/entry-server.tsx, ADR 027) and how each language is asked for.
const prerendered = ['/', '/catalog', '/terms', '/monthly', '/weekly', '/contact'];
const languages = [
  { locale: 'en', browserLocale: 'en-US', common: en.common, perMonth: '$39/month', available: /^\d+ Available$/ },
  { locale: 'es', browserLocale: 'es-MX', common: es.common, perMonth: '$39/mes', available: /^\d+ disponibles$/ },
] as const;

for (const { locale, browserLocale, common, perMonth, available } of languages) {
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
    await expect(page.getByRole('heading', { name: 'Portable AC 12,000-14,000 BTU' })).toBeVisible();
    await expect(page.getByText(perMonth).first()).toBeVisible();
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
    expect(problems).toEqual([]);
    await context.close();
  });
}

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
