import { expect, test } from '@playwright/test';
import { signIn, toast } from './support/admin';
import { seriousAxeViolations } from './support/flows';
import { e2eAdmin } from './support/global-setup';

test.describe('admin dashboard', () => {
  test('sign-in: spec messages, a wrong password shows Login Failed, the right one opens the dashboard', async ({
    page,
  }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // The demo hint exists only while the demo admin does; this server was started with its own admin.
    await expect(page.getByText('Demo credentials')).toHaveCount(0);

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await page.getByLabel('Username').fill(e2eAdmin.username);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page).getByText('Login Failed', { exact: true })).toBeVisible();
    await expect(toast(page).getByText('Invalid username or password')).toBeVisible();
    expect((await page.request.get('/api/admin/stats')).status()).toBe(401);

    await page.getByLabel('Password').fill(e2eAdmin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page).getByText('Login Successful', { exact: true })).toBeVisible();
    await expect(toast(page).getByText('Welcome to the admin dashboard')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();

    const cards = page.getByRole('region', { name: 'Business at a glance' });
    for (const label of [
      'Active Subscriptions',
      'Total Customers',
      'Pending Fees',
      'Monthly Revenue',
      'Available Units',
      'Pending Deliveries',
    ]) {
      await expect(cards.getByRole('group', { name: label, exact: true })).toBeVisible();
    }
    const money = page.getByRole('region', { name: 'Money' });
    for (const label of ['Collected This Month', 'Outstanding', 'Failed Payments']) {
      await expect(money.getByRole('group', { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('tab')).toHaveText([
      'Customers',
      'Orders',
      'Deliveries & Pickups',
      'Additional Fees',
      'Email Center',
      'Inventory',
      'Waitlist',
      'Analytics',
      'Messages',
      'Team',
      'Settings',
    ]);

    // The tabs work from the keyboard.
    await page.getByRole('tab', { name: 'Customers' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Orders' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');

    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('sign out: cached data cleared, and the API is closed again', async ({ page }) => {
    await signIn(page);
    await expect(page.getByText('Active Subscriptions')).toBeVisible();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(toast(page).getByText('Logged Out', { exact: true })).toBeVisible();
    await expect(toast(page).getByText('You have been logged out successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Active Subscriptions')).toHaveCount(0);
    expect((await page.request.get('/api/admin/stats')).status()).toBe(401);
    expect((await page.request.get('/api/admin/customers')).status()).toBe(401);
  });
});
