import { expect, test } from '@playwright/test';
import { laDate, rentAndPay, uniqueEmail } from './support/flows';
import { englishShownIn } from './support/english';
import { e2eAdmin } from './support/global-setup';

/**
 * Issue 33, item 4: a Spanish reader sees no English sentence where customers read — the catalog (the models'
 * own names, room sizes and descriptions included: the demo data has the owner's Spanish), the portal with its fee
 * lines and the cancellation dialog with its messages — at a phone's width.
 */
const phone = { width: 390, height: 844 };

test('the catalog in Spanish shows no English sentence, the models’ own text included', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ locale: 'es-MX', viewport: phone });
  const page = await context.newPage();
  await page.goto(`${baseURL}/catalog`);
  await expect(page.getByRole('heading', { level: 1, name: 'Aires acondicionados portátiles' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Aire portátil de 10,000 BTU' })).toBeVisible();
  await expect(page.getByText('Cuartos de hasta 350 pies²').first()).toBeVisible();
  expect(await englishShownIn(page.locator('body'))).toEqual([]);
  await context.close();
});

test('the portal and the cancellation dialog in Spanish show no English sentence, fee lines included', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await rentAndPay(page, uniqueEmail('es-whole'));
  await page.getByRole('link', { name: 'Access My Account' }).click();
  await expect(page.getByRole('heading', { name: 'My AC Rental Account' })).toBeVisible();
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Mi cuenta de renta de aire acondicionado' })).toBeVisible();
  await page.setViewportSize(phone);
  await expect(page.getByText('Aire portátil de 10,000 BTU').first()).toBeVisible();
  expect(await englishShownIn(page.locator('body'))).toEqual([]);

  await page.getByRole('button', { name: 'Solicitar cancelación' }).click();
  const dialog = page.getByRole('dialog', { name: 'Solicitar cancelación' });
  await dialog.getByRole('button', { name: 'Enviar solicitud de cancelación' }).click();
  await expect(dialog.getByText('La fecha efectiva es obligatoria')).toBeVisible();
  await expect(dialog.getByText('Indique el motivo de la cancelación (mínimo 10 caracteres)')).toBeVisible();
  expect(await englishShownIn(dialog)).toEqual([]);
  await dialog.getByLabel('Fecha efectiva').fill(laDate(14));
  await dialog.getByLabel('Motivo de la cancelación').fill('Me mudo de regreso a casa al final del plazo');
  expect(await englishShownIn(dialog)).toEqual([]);
  await dialog.getByRole('button', { name: 'Enviar solicitud de cancelación' }).click();
  await expect(dialog).toBeHidden();

  // The owner approves it: the early-termination fee line appears on the portal, in Spanish.
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  const owner = await browser.newContext();
  expect((await owner.request.post('/api/admin/login', { data: e2eAdmin })).status()).toBe(200);
  const detail = await (await owner.request.get(`/api/admin/orders/${orderId}`)).json();
  const decided = await owner.request.post(
    `/api/admin/cancellation-requests/${detail.cancellationRequests[0].id}/decision`,
    { data: { decision: 'approved' } },
  );
  expect(decided.status()).toBe(200);
  await owner.close();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mi cuenta de renta de aire acondicionado' })).toBeVisible();
  await expect(page.getByText(/\$150\.00/).first()).toBeVisible();
  expect(await englishShownIn(page.locator('body'))).toEqual([]);
});
