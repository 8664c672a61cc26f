import { expect, test, type Page } from '@playwright/test';
import { openTab, signIn, toast } from './support/admin';
import { seriousAxeViolations } from './support/flows';

// Issue 13, item 1: pictures of the units, the header's phone, how it works and the trust signals, in English and
// Spanish, on a phone and a laptop, without widening the page or moving it as the phone number arrives.

const languages = [
  { lang: 'en', call: /^Call us at \(\d{3}\) \d{3}-\d{4}$/, steps: 'How It Works' },
  { lang: 'es', call: /^Llámenos al \(\d{3}\) \d{3}-\d{4}$/, steps: 'Cómo funciona' },
] as const;

async function useLanguage(page: Page, lang: string) {
  const url = new URL(test.info().project.use.baseURL ?? process.env.E2E_BASE_URL!);
  await page.context().addCookies([{ name: 'lang', value: lang, domain: url.hostname, path: '/' }]);
}

const pageWidth = (page: Page) =>
  page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));

for (const { lang, call, steps } of languages) {
  test.describe(`visuals (${lang})`, () => {
    test('on a phone: a call button in the header, the page no wider than the screen', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await useLanguage(page, lang);
      for (const path of ['/', '/catalog', '/checkout']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const callButton = page.getByRole('banner').getByRole('link', { name: call });
        await expect(callButton).toBeVisible();
        await expect(callButton).toHaveAttribute('href', /^tel:\+?\d{10,}$/);
        const width = await pageWidth(page);
        expect(width.scroll, `${path} in ${lang} is wider than the phone`).toBeLessThanOrEqual(width.inner);
      }
    });

    test('on a laptop: the number in the header, the hero drawing, how it works and the trust signals', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await useLanguage(page, lang);
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('banner').getByRole('link', { name: call })).toContainText(/\(\d{3}\) \d{3}-\d{4}/);
      await expect(page.locator('main svg[role="img"]').first()).toBeVisible();
      const howItWorks = page.getByRole('region', { name: steps });
      await expect(howItWorks.getByRole('listitem')).toHaveCount(4);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });
}

test('the catalog draws each model, and checkout pictures the chosen one', async ({ page }) => {
  await page.goto('/catalog');
  const cards = page.locator('main [data-slot="card"]').filter({ has: page.getByRole('link', { name: /^Rent Now/ }) });
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  for (let i = 0; i < count; i += 1) await expect(cards.nth(i).locator('svg, img').first()).toBeVisible();
  await cards
    .first()
    .getByRole('link', { name: /^Rent Now/ })
    .click();
  await expect(page).toHaveURL(/\/checkout\?model=/);
  await expect(page.getByRole('img', { name: /^Drawing of the .+ portable air conditioner$/ })).toBeVisible();
});

test('the header keeps its height while the phone number loads (no layout shift)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.route('**/api/site-info', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1 });
  const before = await heading.boundingBox();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Call us at/ })).toBeVisible();
  expect(await heading.boundingBox()).toEqual(before);
});

test('the owner uploads a photo for a model: the catalog shows it instead of the drawing, until it is removed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const name = `E2E Photo AC ${Date.now().toString(36).toUpperCase()}`;
  const created = await page.request.post('/api/admin/unit-models', {
    data: { name, btuTier: '10k', hoseType: 'single', weeklyPrice: 1500 },
  });
  expect(created.status()).toBe(201);
  await openTab(page, 'Inventory');
  await page.getByRole('button', { name: `Photo of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Photo of ${name}` });
  await expect(dialog.getByText('No photo: the site shows a drawing of this model.')).toBeVisible();

  // Bytes that are not an image, whatever they claim: the server's reason is shown, nothing is stored.
  await dialog
    .getByLabel('Upload photo')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<svg onload=alert(1)>') });
  await expect(dialog.getByRole('alert')).toHaveText('The photo must be a JPEG, PNG or WebP image.');

  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await dialog.getByLabel('Upload photo').setInputFiles({ name: 'unit.png', mimeType: 'image/png', buffer: png });
  await expect(dialog).toBeHidden();
  await expect(toast(page).getByText(`Photo of ${name} uploaded`)).toBeVisible();

  await page.goto('/catalog');
  const card = page.locator('main [data-slot="card"]').filter({ has: page.getByRole('heading', { name, level: 2 }) });
  const photo = card.locator('img');
  await expect(photo).toHaveAttribute('src', /\/api\/unit-models\/[0-9a-f-]+\/photo\?v=\d+$/);
  await expect(photo).toHaveAttribute('width', /\d+/);
  await expect(photo).toHaveAttribute('height', /\d+/);
  const served = await page.request.get((await photo.getAttribute('src'))!);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['cache-control']).toContain('immutable');

  await page.goto('/admin');
  await openTab(page, 'Inventory');
  await page.getByRole('button', { name: `Photo of ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Photo of ${name}` })
    .getByRole('button', { name: 'Remove Photo' })
    .click();
  await expect(toast(page).getByText(`Photo of ${name} removed`)).toBeVisible();
  await page.goto('/catalog');
  await expect(card.locator('img')).toHaveCount(0);
  await expect(card.locator('svg').first()).toBeVisible();
});
