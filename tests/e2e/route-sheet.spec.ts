import { expect, test } from '@playwright/test';
import { signIn } from './support/admin';
import { laDate, seriousAxeViolations } from './support/flows';

// The demo seed schedules service visits at three demo rentals for the day after the server started
// (src/server/demo/seed-visits.ts; the e2e set-up records that start day as E2E_DEMO_TODAY): two in the morning (Santa
// Ana, the depot's own ZIP, then Irvine) and one in the afternoon (South LA).
test('the route sheet lists a day’s scheduled stops in route order, prints and downloads', async ({ page }) => {
  // Sign-in, an axe scan, a PDF and print emulation: more than the default minute on a busy machine.
  test.slow();
  await signIn(page);
  const day = laDate(1, process.env.E2E_DEMO_TODAY);
  await page.goto(`/admin/route-sheet?date=${day}`);

  await expect(page.getByRole('heading', { level: 1, name: /^Route sheet: \w+day, / })).toBeVisible();
  // The demo's three service visits; other specs on the same server may book more stops for tomorrow.
  const stops = page
    .getByRole('list', { name: 'Stops in route order' })
    .getByRole('listitem')
    .filter({ hasText: 'Service visit' });
  await expect(stops).toHaveCount(3);
  await expect(stops.nth(0)).toContainText('1. Service visit · 8AM-11AM');
  await expect(stops.nth(0)).toContainText('Maria Gonzalez');
  await expect(stops.nth(0)).toContainText('Blows warm air after an hour');
  // Deliveries booked at checkout in tomorrow's 8-12 window (ADR 035) may come between the two morning visits.
  await expect(stops.nth(1)).toContainText(/\d+\. Service visit · 8AM-11AM/);
  await expect(stops.nth(1)).toContainText('Kevin Tran');
  await expect(stops.nth(2)).toContainText(/\d+\. Service visit · 2PM-5PM/);
  await expect(stops.nth(2)).toContainText('Aaliyah Johnson');
  await expect(stops.nth(0).getByRole('link', { name: /Orange Grove Ave, Santa Ana, CA 92701/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/,
  );
  await expect(page.getByText(/straight lines between ZIP code centres/)).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The PDF link downloads the same day's sheet with the session.
  const pdfLink = page.getByRole('link', { name: 'Download PDF' });
  await expect(pdfLink).toHaveAttribute('href', `/api/admin/route-sheet.pdf?date=${day}`);
  const pdf = await page.request.get(`/api/admin/route-sheet.pdf?date=${day}`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // On paper: no site header or toolbar, and a stop never split across pages.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  expect(await stops.nth(0).evaluate((element) => getComputedStyle(element).breakInside)).toBe('avoid');
  await page.emulateMedia({ media: 'screen' });

  // Another day from the date picker: nothing scheduled.
  await page.getByLabel('Day').fill(laDate(40));
  await expect(page).toHaveURL(new RegExp(`date=${laDate(40)}$`));
  await expect(page.getByText('No visits are scheduled for this day.')).toBeVisible();
});

test('an impossible date says so instead of a sheet', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/route-sheet?date=2026-02-30');
  await expect(page.getByRole('alert')).toHaveText('Choose a real date in the form YYYY-MM-DD');
});
