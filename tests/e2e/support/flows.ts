import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Serious and critical axe violations on the page as it is now (or in the part `include` selects), one line each
 * (empty when clean).
 */
export async function seriousAxeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** A calendar day in America/Los_Angeles, `offsetDays` from today (or from `from`, a YYYY-MM-DD), as YYYY-MM-DD. */
export function laDate(offsetDays: number, from?: string): string {
  const today = from ?? new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

/**
 * The first day `offsetDays` or more from today (as laDate) that has the default delivery windows: Monday to
 * Saturday (contracts/delivery-windows.ts). A Sunday is offered only the fixed four windows, so a spec that books
 * "12PM-4PM" must not land on one, whatever day it runs.
 */
export function laWindowDay(offsetDays: number): string {
  const isSunday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay() === 0;
  const day = laDate(offsetDays);
  return isSunday(day) ? laDate(1, day) : day;
}

export const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}@example.com`;

export const renter = {
  name: 'Priya Ramanathan',
  phone: '(714) 555-0123',
  address: '2150 Campus Drive, Apt 12',
  city: 'Irvine',
  zipCode: '92612',
  notes: 'Gate code 4455',
};

export async function fillRegistration(page: Page, email: string): Promise<void> {
  await page.getByLabel('Full Name').fill(renter.name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill(renter.phone);
  await page.getByLabel('Street Address').fill(renter.address);
  await page.getByLabel('City').fill(renter.city);
  await page.getByLabel('ZIP Code').fill(renter.zipCode);
  await page.getByLabel('Building / Apartment Notes (optional)').fill(renter.notes);
  await page
    .getByRole('group', { name: 'Is the delivery address an undergraduate university dorm?' })
    .getByLabel('No')
    .check();
}

export async function payWith(page: Page, cardNumber: string): Promise<void> {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(renter.name);
  await page.getByRole('button', { name: 'Pay $39.00' }).click();
}

/** Rents a unit through /checkout and the local payment page; returns on the success page with the order number. */
export async function rentAndPay(page: Page, email: string): Promise<{ orderNumber: string }> {
  await page.goto('/checkout');
  await fillRegistration(page, email);
  await page.getByRole('checkbox', { name: 'I have read and agree to the rental agreement' }).check();
  await page.getByRole('button', { name: 'Complete Registration & Pay' }).click();
  await expect(page).toHaveURL(/\/pay\//);
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Rental Confirmed!' })).toBeVisible();
  const orderNumber = (await page.getByText(/^order-[23456789A-HJKMNP-Z]{8}$/).textContent())!;
  return { orderNumber };
}
