import { expect, test } from '@playwright/test';
import { openTab, signIn } from './support/admin';

test.describe('admin dashboard', () => {
  test('e-mail center: templates and the activity log', async ({ page }) => {
    await signIn(page);
    await openTab(page, 'Email Center');
    const templates = page.getByRole('table').first();
    await expect(templates.getByRole('row').filter({ hasText: 'Order confirmation' })).toBeVisible();

    const name = `Heat wave tips ${Date.now()}`;
    await page.getByRole('button', { name: 'New Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Template' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Template type').fill('heat_wave');
    await dialog.getByLabel('Subject').fill('Stay cool, {{customerName}}');
    await dialog.getByLabel('Body').fill('Close the blinds by noon. Questions? {{businessPhone}}');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByRole('region', { name: 'Preview with sample data' })).toContainText(
      'Stay cool, Maria Gonzalez',
    );
    await dialog.getByRole('button', { name: 'Save Template' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('active');
    await row.getByRole('button', { name: `Deactivate ${name}` }).click();
    await expect(row.getByRole('button', { name: `Activate ${name}` })).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Recent Email Activity' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'e-mails pages' })).toBeVisible();
  });
});
