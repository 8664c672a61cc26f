import { expect, type Page } from '@playwright/test';
import { e2eAdmin } from './global-setup';

// Shared by the admin-*.spec.ts files. The same server also runs the checkout specs, which rent the demo's
// available units: the admin specs only read the demo data and change units they create themselves.

/** Signs in as the owner, or as `account` (a staff member the spec added). */
export async function signIn(page: Page, account: { username: string; password: string } = e2eAdmin) {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Customers' })).toBeVisible();
}

export async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/** Picks an option of one of our Radix selects, found by its label. */
export async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByLabel(label, { exact: typeof label === 'string' }).click();
  await page.getByRole('option', { name: option }).click();
}

export const toast = (page: Page) => page.getByRole('region', { name: /notifications/i });

/**
 * Closes the toasts on screen. A toast stays while the pointer is over it (Radix pauses its timer on hover), so a
 * click aimed at a button the toast covers would wait on the toast for ever: close it before the next click there.
 */
export async function closeToasts(page: Page): Promise<void> {
  const closers = toast(page).getByRole('button', { name: 'Close' });
  for (let left = await closers.count(); left > 0; left -= 1) await closers.first().click();
  await expect(closers).toHaveCount(0);
}
