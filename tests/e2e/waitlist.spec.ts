import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { openTab, signIn, toast } from './support/admin';
import { seriousAxeViolations, uniqueEmail } from './support/flows';
import { createModel, deactivate, ownerRequest } from './support/models';

/**
 * The fair waitlist (issue 30, ADR 036) on a phone, in Spanish for the customer and English for the owner: places in
 * line, then the owner's line with a move-up that needs a reason. The offers themselves (a unit held for the first
 * in line, the link, the hand-over) are proven in src/server/rentals/waitlist/waitlist-offers.test.ts.
 */

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function joinInSpanish(page: Page, name: string, email: string): Promise<string> {
  await page.goto('/catalog');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 2 }) });
  await card.getByRole('button', { name: `Unirse a la lista de espera del modelo ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Unirse a la lista de espera' });
  await dialog.getByLabel('Correo electrónico').fill(email);
  await dialog.getByLabel('Código postal de entrega').fill('92612');
  await dialog.getByRole('button', { name: 'Unirse a la lista de espera' }).click();
  const status = dialog.getByRole('status');
  await expect(status).toBeVisible();
  return (await status.textContent()) ?? '';
}

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
}

test('customers join in Spanish on a phone and learn their place; the owner moves one up with a reason', async ({
  browser,
}) => {
  const owner = await ownerRequest(browser);
  const name = `Waitlist AC ${randomUUID().slice(0, 6)}`;
  const modelId = await createModel(owner, name);
  try {
    const customer = await browser.newContext({ ...phone, locale: 'es-MX' });
    const page = await customer.newPage();
    const first = uniqueEmail('line-1');
    const second = `e2e-line-2-${randomUUID().slice(0, 6)}@example.com`;
    expect(await joinInSpanish(page, name, first)).toContain('primer lugar');
    await noSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await joinInSpanish(page, name, second)).toContain('lugar número 2');
    // The same e-mail again keeps its place.
    expect(await joinInSpanish(page, name, first)).toContain('primer lugar');
    await customer.close();

    const ownerContext = await browser.newContext(phone);
    const admin = await ownerContext.newPage();
    await signIn(admin);
    // On a phone the welcome toast sits over the last row's buttons: the owner closes it.
    await toast(admin).getByRole('button', { name: /close/i }).first().click();
    await openTab(admin, 'Waitlist');
    const line = admin.getByRole('region', { name: new RegExp(name) });
    await expect(line.getByRole('heading', { name: new RegExp(`${name} — 2 waiting, 0 offered`) })).toBeVisible();
    await expect(line.getByRole('row').nth(1)).toContainText(first);
    await expect(line.getByRole('row').nth(2)).toContainText(second);
    await expect(line.getByRole('row').nth(1)).toContainText('Irvine');

    await line.getByRole('button', { name: `Move up ${second}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Move up in line' });
    await dialog.getByRole('button', { name: 'Move up' }).click();
    await expect(dialog.getByText(/Please say why/)).toBeVisible();
    await dialog.getByLabel('Reason').fill('Medical need: heat-sensitive infant');
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await dialog.getByRole('button', { name: 'Move up' }).click();
    await expect(dialog).toBeHidden();
    await expect(line.getByRole('row').nth(1)).toContainText(second);
    await expect(line.getByRole('row').nth(1)).toContainText('Medical need: heat-sensitive infant');
    await expect(line.getByRole('row').nth(2)).toContainText(first);
    await noSidewaysScroll(admin);
    await ownerContext.close();
  } finally {
    await deactivate(owner, modelId);
  }
});
