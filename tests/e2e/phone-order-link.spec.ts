import { expect, test, type Browser, type Page } from '@playwright/test';
import type { UnitModelSummary } from '@/contracts/catalog';
import { addDays, formatCalendarDate } from '@/contracts/dates';
import { formatCents } from '@/contracts/money';
import type { PhoneOrderCreated } from '@/contracts/phone-orders';
import { laDate, renter, seriousAxeViolations, uniqueEmail } from './support/flows';
import { e2eAdmin } from './support/global-setup';

// Issue 29: the owner takes an order by phone (the admin API, as the dashboard does) and the customer finishes it
// from the e-mailed link: the order, the agreement signed, the local payment page, /success; a used link says so.

type PhoneOrder = PhoneOrderCreated & { model: UnitModelSummary; startDate: string };

/** A weekly phone order taken by the demo owner for `email`, as the dashboard's form sends it. */
async function takeWeeklyOrder(browser: Browser, email: string, locale?: 'en' | 'es'): Promise<PhoneOrder> {
  const owner = await browser.newContext();
  try {
    expect((await owner.request.post('/api/admin/login', { data: e2eAdmin })).status()).toBe(200);
    const models = (await (await owner.request.get('/api/unit-models')).json()) as UnitModelSummary[];
    const model = models.find((item) => item.btuTier === '12-14k') ?? models[0]!;
    const startDate = laDate(2);
    const created = await owner.request.post('/api/admin/orders', {
      data: {
        customer: { name: renter.name, email, phone: renter.phone },
        planType: 'weekly',
        unitModelId: model.id,
        startDate,
        address: renter.address,
        city: renter.city,
        zipCode: renter.zipCode,
        buildingNotes: renter.notes,
        deliveryToDorm: false,
        holdHours: 24,
        locale,
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    return { ...((await created.json()) as PhoneOrderCreated), model, startDate };
  } finally {
    await owner.close();
  }
}

async function orderStatus(browser: Browser, orderId: string): Promise<{ status: string; type: string }> {
  const owner = await browser.newContext();
  try {
    expect((await owner.request.post('/api/admin/login', { data: e2eAdmin })).status()).toBe(200);
    const detail = (await (await owner.request.get(`/api/admin/orders/${orderId}`)).json()) as {
      order: { status: string; type: string };
    };
    return detail.order;
  } finally {
    await owner.close();
  }
}

/** The page's own "call us" link (the header and footer have the number too). */
const callLink = (page: Page, phone: string) => page.getByRole('main').getByRole('link', { name: phone, exact: true });

async function expectFitsPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'the page is wider than a 390 px phone').toBeLessThanOrEqual(innerWidth);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('a phone order finished from its link', () => {
  test('weekly: the link shows the order, signs, pays on the payment page and lands on /success; used, it says so', async ({
    browser,
    baseURL,
  }) => {
    test.slow(); // two orders' worth of pages, the payment page and two axe scans
    const email = uniqueEmail('phone-link');
    const order = await takeWeeklyOrder(browser, email);
    const origin = new URL(baseURL!).origin;
    expect(order.linkUrl).toMatch(new RegExp(`^${origin.replaceAll('.', '\\.')}/order/${order.orderId}\\?key=[^&]+`));

    const customer = await browser.newContext();
    const page = await customer.newPage();
    const site = (await (await page.request.get('/api/site-info')).json()) as { phone: string };

    // A key that does not match: not valid, and the number to call.
    await page.goto(`/order/${order.orderId}?key=${'x'.repeat(24)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
    await expect(callLink(page, site.phone)).toHaveAttribute('href', /^tel:\+?\d+$/);

    await page.goto(order.linkUrl);
    await expect(page.getByRole('heading', { level: 1, name: `Your order ${order.orderNumber}` })).toBeVisible();
    const details = page.getByRole('definition');
    for (const text of [
      `${formatCents(order.model.weeklyPrice)} / week, no minimum term`,
      order.model.name,
      formatCalendarDate(order.startDate),
      `${renter.address}, ${renter.city}, CA ${renter.zipCode}`,
      renter.notes,
      renter.name,
      email,
    ]) {
      await expect(details.filter({ hasText: text }).first()).toBeVisible();
    }
    await expect(page.getByText(`Next bill: ${formatCalendarDate(addDays(order.startDate, 7))}`)).toBeVisible();
    await expect(page.getByText(/^This unit is held for you until .+ P[DS]T\.$/)).toBeVisible();
    const dueNow = (await page.getByText(/^Due now: \$[\d,]+\.\d\d$/).textContent())!.replace('Due now: ', '');
    await expect(page.getByRole('heading', { name: 'Rental Agreement Summary' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Read the full rental agreement/ })).toHaveAttribute('href', '/terms');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await expectFitsPhone(page);

    // Nothing ticked or typed: both are asked for, and nothing leaves the page.
    const submit = page.getByRole('button', { name: 'Sign and continue to payment' });
    await submit.click();
    await expect(page.getByRole('alert').filter({ hasText: 'You must agree to the terms' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Please type your full legal name' })).toBeVisible();
    await expect(page).toHaveURL(order.linkUrl);

    await page.getByRole('checkbox', { name: 'I have read and agree to the rental agreement' }).check();
    await page.getByLabel('Type your full legal name to sign').fill(renter.name);
    await submit.click();

    await expect(page).toHaveURL(/\/pay\/cs_local_[0-9a-f]{32}$/);
    const payPage = page.url();
    // Back from the payment page unpaid: signed already, only the way on is left, to the same payment page.
    await page.goto(order.linkUrl);
    await expect(page.getByRole('heading', { name: 'Agreement signed' })).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(payPage);
    await expect(page.getByRole('heading', { name: `Pay ${dueNow}` })).toBeVisible();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill(renter.name);
    await page.getByRole('button', { name: `Pay ${dueNow}` }).click();

    await expect(page).toHaveURL(/\/success\?session_id=cs_local_[0-9a-f]{32}$/);
    await expect(page.getByRole('heading', { name: 'Rental Confirmed!' })).toBeVisible();
    await expect(page.getByText(order.orderNumber)).toBeVisible();
    expect(await orderStatus(browser, order.orderId)).toMatchObject({ status: 'active', type: 'weekly' });

    // The same link again: already used, the rental managed from /account-access.
    await page.goto(order.linkUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'This link has already been used' })).toBeVisible();
    await expect(page.getByText('This link has already been used: your order is paid.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage your rental' })).toHaveAttribute('href', '/account-access');
    await expect(callLink(page, site.phone)).toHaveAttribute('href', /^tel:/);
    await expect(page.getByRole('button', { name: 'Sign and continue to payment' })).toHaveCount(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await customer.close();
  });

  test('in Spanish: a Spanish-speaking customer reads the order and the agreement in Spanish', async ({ browser }) => {
    const order = await takeWeeklyOrder(browser, uniqueEmail('phone-link-es'), 'es');
    // The owner noted Spanish on the phone: the page follows the customer, even in a browser set to English.
    const customer = await browser.newContext({ locale: 'en-US' });
    const page = await customer.newPage();
    await page.goto(order.linkUrl);
    await expect(page.getByRole('heading', { level: 1, name: `Su pedido ${order.orderNumber}` })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(
      page.getByRole('definition').filter({ hasText: `${formatCents(order.model.weeklyPrice)} a la semana` }),
    ).toContainText('sin plazo mínimo');
    await expect(page.getByText(/^A pagar ahora: \$/)).toBeVisible();
    await expect(page.getByText(/^Le apartamos esta unidad hasta el /)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Resumen del contrato de renta' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'He leído y acepto el contrato de renta' })).toBeVisible();

    await page.getByRole('button', { name: 'Firmar y continuar al pago' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Escriba su nombre legal completo' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await expectFitsPhone(page);

    await page.goto(`/order/${order.orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Este enlace no es válido' })).toBeVisible();
    await expect(page.getByText(/Llámenos al .+ y le preparamos el pedido de nuevo\./)).toBeVisible();
    await customer.close();
  });
});
