import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { choose, openTab, signIn } from './support/admin';

test.describe('admin dashboard', () => {
  test('orders: Export CSV downloads the orders the current filters show', async ({ page }) => {
    await signIn(page);
    await openTab(page, 'Orders');
    await choose(page, 'Status', 'Active');
    await page.getByLabel('Search orders').fill('kevin');
    const table = page.getByRole('table');
    await expect(table.getByRole('row').filter({ hasText: 'Kevin Tran' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Maria Gonzalez' })).toHaveCount(0);
    const shown = await table.locator('tbody tr').count();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFFOrder Number,Order ID,Status,')).toBe(true);
    const records = text.slice(1).split('\r\n').filter(Boolean);
    expect(records).toHaveLength(1 + shown);
    for (const record of records.slice(1)) {
      expect(record).toContain(',active,');
      expect(record.toLowerCase()).toContain('kevin');
    }
  });
});
