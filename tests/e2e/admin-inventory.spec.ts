import { expect, test } from '@playwright/test';
import { choose, openTab, signIn, toast } from './support/admin';

test.describe('admin dashboard', () => {
  test('inventory: add units (with the spec messages), edit inline, bulk-change and delete them', async ({ page }) => {
    await signIn(page);
    await openTab(page, 'Inventory');
    const counts = page.getByRole('region', { name: 'Fleet counts' });
    await expect(counts.getByText('Total units')).toBeVisible();
    const totalBefore = Number((await counts.locator('p.text-2xl').first().textContent())!.replace(/,/g, ''));

    await page.getByRole('button', { name: 'Add Unit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Unit' });
    await dialog.getByRole('button', { name: 'Add Unit' }).click();
    for (const message of [
      'Unit model is required',
      'Serial number is required',
      'Brand is required',
      'Model number is required',
      'BTU rating is required',
      'Purchase date is required',
      'Purchase price is required',
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await dialog.getByLabel('BTU rating').fill('7000');
    await dialog.getByLabel('Purchase price (USD)').fill('-5');
    await dialog.getByRole('button', { name: 'Add Unit' }).click();
    await expect(dialog.getByText('BTU must be at least 8,000')).toBeVisible();
    await expect(dialog.getByText('Price must be positive')).toBeVisible();
    await page.keyboard.press('Escape');

    const prefix = `E2E-${Date.now().toString(36).toUpperCase()}`;
    for (const n of [1, 2, 3]) {
      await page.getByRole('button', { name: 'Add Unit' }).click();
      await choose(page, 'Unit model', /12,000-14,000/);
      await dialog.getByLabel('Serial number').fill(`${prefix}-${n}`);
      await dialog.getByLabel('Brand').fill('Whynter');
      await dialog.getByLabel('Model number').fill('ARC-14S');
      await dialog.getByLabel('BTU rating').fill('14000');
      await dialog.getByLabel('Purchase date').fill('2025-05-20');
      await dialog.getByLabel('Purchase price (USD)').fill('499.99');
      await dialog.getByRole('button', { name: 'Add Unit' }).click();
      await expect(dialog).toBeHidden();
    }
    await expect(counts.locator('p.text-2xl').first()).toHaveText((totalBefore + 3).toLocaleString('en-US'));

    await page.getByLabel('Search by serial').fill(prefix);
    const card = (n: number) => page.getByRole('listitem').filter({ hasText: `${prefix}-${n}` });
    await expect(page.getByRole('listitem').filter({ hasText: prefix })).toHaveCount(3);
    await expect(card(1)).toContainText('14,000');
    await expect(card(1)).toContainText('$499.99');

    // Inline: status and notes of one unit.
    await choose(page, `Status of ${prefix}-1`, 'maintenance');
    await expect(toast(page).getByText(`${prefix}-1 is now maintenance`)).toBeVisible();
    await card(1)
      .getByRole('textbox', { name: `Notes for ${prefix}-1` })
      .fill('Compressor rattles');
    await card(1)
      .getByRole('button', { name: `Save notes for ${prefix}-1` })
      .click();
    await expect(toast(page).getByText(`Notes saved for ${prefix}-1`)).toBeVisible();

    // Bulk: two of ours to damaged; 'rented' is not offered.
    await card(2)
      .getByRole('checkbox', { name: `Select unit ${prefix}-2` })
      .check();
    await card(3)
      .getByRole('checkbox', { name: `Select unit ${prefix}-3` })
      .check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByLabel('Set status to').click();
    await expect(page.getByRole('option', { name: 'rented' })).toHaveCount(0);
    await page.getByRole('option', { name: 'damaged' }).click();
    await page.getByRole('button', { name: 'Apply to selected' }).click();
    await expect(toast(page).getByText('2 units set to damaged')).toBeVisible();
    await expect(card(2).getByText('damaged', { exact: true }).first()).toBeVisible();
    await expect(card(3).getByText('damaged', { exact: true }).first()).toBeVisible();

    // Reload: the edits were saved on the server.
    await page.reload();
    await openTab(page, 'Inventory');
    await page.getByLabel('Search by serial').fill(prefix);
    await expect(card(1).getByRole('textbox', { name: `Notes for ${prefix}-1` })).toHaveValue('Compressor rattles');
    await expect(card(1).getByText('maintenance', { exact: true }).first()).toBeVisible();

    // Delete after the spec's confirmation.
    await card(3)
      .getByRole('button', { name: `Delete unit ${prefix}-3` })
      .click();
    const confirm = page.getByRole('dialog', { name: `Delete unit ${prefix}-3?` });
    await expect(confirm.getByText('Are you sure you want to delete this unit?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete Unit' }).click();
    await expect(toast(page).getByText(`Unit ${prefix}-3 was deleted`)).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: prefix })).toHaveCount(2);
  });
});
