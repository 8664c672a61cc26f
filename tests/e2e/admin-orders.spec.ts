import { expect, test } from '@playwright/test';
import { choose, openTab, signIn } from './support/admin';

test.describe('admin dashboard', () => {
  test('orders: filter by status and search, then open an order', async ({ page }) => {
    await signIn(page);
    await openTab(page, 'Orders');
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Customer',
      'Unit',
      'Status',
      'Start Date',
      'Price',
      'Actions',
    ]);

    // Abandoned checkouts show only when asked for (the demo has none).
    await choose(page, 'Status', 'Abandoned checkouts');
    await expect(page.getByText('No orders match these filters.')).toBeVisible();
    await choose(page, 'Status', 'Active');
    await expect(table.getByRole('row').nth(1)).toContainText('active');
    const statuses = await table.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['active']));

    await page.getByLabel('Search orders').fill('kevin');
    const row = table.getByRole('row').filter({ hasText: 'Kevin Tran' });
    await expect(row).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Maria Gonzalez' })).toHaveCount(0);
    const serial = (await row.locator('td:nth-child(2)').textContent())!;
    expect(serial).toMatch(/^CR1[04]-\d{4}$/);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: /^View order order-/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Order order-/ });
    await expect(dialog.getByRole('heading', { name: 'Customer' })).toBeVisible();
    await expect(dialog.getByText('kevin.tran@example.com')).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Unit' })).toContainText(serial);
    await expect(dialog.getByRole('button', { name: 'Mark completed' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Delivery tasks' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Cancellation requests' })).toBeVisible();
    // Asking to cancel states the consequence and changes nothing until confirmed.
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog.getByText('The order is cancelled and its unit goes back to available.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep as active' }).click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('active');
  });
});
