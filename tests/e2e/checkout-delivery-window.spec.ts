import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { e2eAdmin } from './support/global-setup';
import { fillRegistration, laDate, payWith, renter, seriousAxeViolations, uniqueEmail } from './support/flows';

/**
 * The checkout's delivery-window picker (issue 30): the windows of the 14 days from the start date once the ZIP is
 * typed, the earliest open one preselected, and the window chosen booked with the order and shown on /success.
 */

/** "Tuesday, July 14": a YYYY-MM-DD day as /success writes it in English. */
const longDay = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

const windowPicker = (page: Page) => page.getByRole('group', { name: 'Delivery Window' });

type Capacity = {
  windows: Array<{ weekday: number; start: string; end: string; visits: number }>;
  sameDayCutoff: string;
  blackoutDates: string[];
};

/**
 * Runs `body` with the owner's delivery capacity changed by `change` (given the owner's API and the settings as they
 * were), and puts the settings back after it, pass or fail: the other specs book windows too.
 */
async function withCapacity(
  browser: Browser,
  body: (owner: APIRequestContext, settings: Capacity) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext();
  const owner = context.request;
  expect((await owner.post('/api/admin/login', { data: e2eAdmin })).status()).toBe(200);
  const settings = (await (await owner.get('/api/admin/settings/delivery-capacity')).json()) as Capacity;
  try {
    await body(owner, settings);
  } finally {
    expect((await owner.put('/api/admin/settings/delivery-capacity', { data: settings })).status()).toBe(200);
    await context.close();
  }
}

async function setCapacity(owner: APIRequestContext, settings: Capacity): Promise<void> {
  expect((await owner.put('/api/admin/settings/delivery-capacity', { data: settings })).status()).toBe(200);
}

test.describe('checkout delivery window', () => {
  test('picks the second open window, pays, and sees that window booked on /success', async ({ page }) => {
    test.slow(); // a whole checkout and payment
    await page.goto('/checkout');
    const picker = windowPicker(page);
    await expect(picker.getByText('Enter your start date and ZIP code to see the delivery windows.')).toBeVisible();

    await fillRegistration(page, uniqueEmail('window'));
    const open = picker.getByRole('radio', { disabled: false });
    await expect(open.first()).toBeChecked();
    const second = open.nth(1);
    const [date, start] = (await second.getAttribute('value'))!.split(' ') as [string, string];
    const hours = (await second.locator('xpath=..').textContent())!.trim();
    expect(start).toMatch(/^\d{2}:\d{2}$/);
    expect(hours).toMatch(/^\d{1,2}(:\d{2})?[AP]M-\d{1,2}(:\d{2})?[AP]M$/);
    await second.check();
    await expect(second).toBeChecked();
    await expect(open.first()).not.toBeChecked();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await windowPicker(page).screenshot({ path: 'test-results/checkout-delivery-window.png' });

    await page.getByRole('checkbox', { name: 'I have read and agree to the rental agreement' }).check();
    await page.getByRole('button', { name: 'Complete Registration & Pay' }).click();
    await expect(page).toHaveURL(/\/pay\/cs_local_[0-9a-f]{32}$/);
    await payWith(page, '4242 4242 4242 4242');

    await expect(page.getByRole('heading', { name: 'Rental Confirmed!' })).toBeVisible();
    const delivery = `${longDay(date)}, ${hours}`;
    await expect(page.getByRole('definition').filter({ hasText: delivery })).toBeVisible();
    // A booked window is the delivery's day and hours: no call to schedule it is promised.
    await expect(page.getByRole('heading', { name: 'Delivery Booked' })).toBeVisible();
    await expect(
      page.getByText(`We will deliver and install your unit on ${longDay(date)}, between ${hours}.`),
    ).toBeVisible();
    await expect(page.getByText('We will call you within 24 hours to schedule delivery.')).toHaveCount(0);
  });

  test('the picker wraps on a phone and keeps its room while the windows load', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/checkout');
    const box = windowPicker(page).locator('[tabindex="-1"]');
    const before = await box.boundingBox();
    await fillRegistration(page, uniqueEmail('window-phone'));
    await expect(windowPicker(page).getByRole('radio').first()).toBeVisible();
    const after = await box.boundingBox();
    expect(after?.height).toBe(before?.height);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
    const sideways = await box.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(sideways).toBe(0);
    await windowPicker(page).screenshot({ path: 'test-results/checkout-delivery-window-phone.png' });
  });

  test('a Spanish reader sees the days and the legend in Spanish', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'es-MX' });
    const page = await context.newPage();
    await page.goto('/checkout');
    await page.getByLabel('Código postal').fill('92612');
    const picker = page.getByRole('group', { name: 'Horario de entrega' });
    const firstDay = picker.getByRole('group').first();
    await expect(firstDay).toBeVisible();
    const value = (await picker.getByRole('radio').first().getAttribute('value'))!;
    const shortDay = new Date(`${value.split(' ')[0]}T12:00:00Z`).toLocaleDateString('es-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    await expect(firstDay).toHaveAccessibleName(shortDay);
    await context.close();
  });

  test('every window of the 14 days taken: says the earliest day and moves the start date there', async ({
    page,
    browser,
  }) => {
    await withCapacity(browser, async (owner, settings) => {
      // Nothing from today to 15 days ahead: the 14 days from tomorrow (the start date offered) are all taken.
      const blackoutDates = Array.from({ length: 16 }, (_, days) => laDate(days));
      await setCapacity(owner, { ...settings, blackoutDates: [...settings.blackoutDates, ...blackoutDates] });
      const later = await page.request.get(`/api/delivery-windows?zip=${renter.zipCode}&from=${laDate(16)}`);
      const earliest = ((await later.json()) as Array<{ date: string; open: number }>).find((w) => w.open > 0)!.date;

      await page.goto('/checkout');
      await fillRegistration(page, uniqueEmail('window-earliest'));
      const picker = windowPicker(page);
      await expect(
        picker.getByText(
          `Every delivery window in the 14 days from your start date is taken. The earliest delivery we can offer is ${longDay(earliest)}.`,
        ),
      ).toBeVisible();
      await picker.getByRole('button', { name: `Move my start date to ${longDay(earliest)}` }).click();
      await expect(page.getByLabel('Start Date')).toHaveValue(earliest);
      const first = picker.getByRole('radio', { disabled: false }).first();
      await expect(first).toBeChecked();
      await expect(first).toHaveAttribute('value', new RegExp(`^${earliest} `));
    });
  });

  test('a window that fills up before paying: said at the picker, the form kept, no payment page', async ({
    page,
    browser,
  }) => {
    await withCapacity(browser, async (owner, settings) => {
      await page.goto('/checkout');
      const email = uniqueEmail('window-full');
      await fillRegistration(page, email);
      const picker = windowPicker(page);
      await expect(picker.getByRole('radio', { disabled: false }).first()).toBeChecked();

      // Every window is taken meanwhile (the owner's settings stand in for the other customers).
      await setCapacity(owner, { ...settings, windows: settings.windows.map((w) => ({ ...w, visits: 0 })) });
      await page.getByRole('checkbox', { name: 'I have read and agree to the rental agreement' }).check();
      await page.getByRole('button', { name: 'Complete Registration & Pay' }).click();

      await expect(
        picker
          .getByRole('alert')
          .filter({ hasText: 'That delivery window just filled up. Please choose another window.' }),
      ).toBeVisible();
      await expect(
        picker.getByText(/and the weeks after are full too\. Please call us to arrange a delivery\.$/),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/checkout$/);
      await expect(page.getByLabel('Email')).toHaveValue(email);
      await expect(page.getByText('Checkout Error')).toHaveCount(0);
    });
  });
});
