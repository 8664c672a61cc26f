// `npm run screenshots`: starts the app (built first when stale, as `npm start` does) on a free port with a fresh
// DATA_DIR and its demo data, and writes home, catalog and checkout at a desktop and a phone size to
// docs/screenshots/. Chromium is the system's (/usr/bin/chromium unless CHROMIUM_PATH says otherwise).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startApp } from '../tests/support/server-process';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs/screenshots');
const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

// start.mjs builds when stale; development mode seeds the demo data the pictures show.
const app = await startApp({
  script: 'scripts/start.mjs',
  env: { NODE_ENV: 'development' },
  tmpPrefix: 'coolrent-screenshots-',
  readyTimeoutMs: 600_000,
});
const baseUrl = app.baseUrl;

try {
  const models = (await (await fetch(`${baseUrl}/api/unit-models`)).json()) as Array<{ id: string; btuTier: string }>;
  const model = models.at(-1);
  const pages = [
    { name: 'home', url: '/' },
    { name: 'catalog', url: '/catalog' },
    {
      name: 'checkout',
      url: model ? `/checkout?model=${model.id}&btu=${encodeURIComponent(model.btuTier)}` : '/checkout',
    },
  ];
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  for (const viewport of viewports) {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      deviceScaleFactor: 1,
      locale: 'en-US',
      isMobile: viewport.name === 'phone',
      hasTouch: viewport.name === 'phone',
    });
    const page = await context.newPage();
    for (const { name, url } of pages) {
      await page.goto(`${baseUrl}${url}`, { waitUntil: 'networkidle' });
      await page.evaluate(() => document.fonts.ready);
      const file = path.join(outDir, `${name}-${viewport.name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`wrote ${path.relative(root, file)}`);
    }
    await context.close();
  }
  await browser.close();
} finally {
  await app.stop();
}
