import { expect, test } from '@playwright/test';
import { openTab, signIn } from './support/admin';
import { seriousAxeViolations } from './support/flows';

test.describe('admin dashboard', () => {
  test('analytics: the charts render with titles and data tables', async ({ page }) => {
    await signIn(page);
    const chartRequest = page.waitForRequest((request) => request.url().endsWith('/api/admin/analytics'));
    await openTab(page, 'Analytics');
    await chartRequest;
    for (const title of [
      'Active rentals, last 12 months',
      'Monthly recurring revenue, last 12 months',
      'Utilisation per model',
      'New customers per week, last 12 weeks',
      'Fees billed vs collected, last 12 months',
    ]) {
      const figure = page.getByRole('figure', { name: title });
      await expect(figure.getByRole('img', { name: title })).toBeVisible();
    }
    const rentals = page.getByRole('figure', { name: 'Active rentals, last 12 months' });
    await expect(rentals.locator('circle')).toHaveCount(12);
    await rentals.getByText('Show the data as a table').click();
    await expect(rentals.getByRole('table')).toBeVisible();
    await expect(rentals.getByRole('columnheader', { name: 'Active rentals' })).toBeVisible();
    const utilisation = page.getByRole('figure', { name: 'Utilisation per model' });
    await expect(utilisation.getByRole('img')).toContainText('Portable AC 12,000-14,000 BTU');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
