import { expect, test } from '@playwright/test';
import { openTab, signIn } from './support/admin';
import { seriousAxeViolations } from './support/flows';

test.describe('admin dashboard', () => {
  test('analytics: the charts render with titles and data tables', async ({ page }) => {
    await signIn(page);
    // The figures the stat cards show, to find again in the tab.
    const glance = page.getByRole('region', { name: 'Business at a glance' });
    const money = page.getByRole('region', { name: 'Money' });
    const onCards = {
      'Active Subscriptions': await glance.getByRole('group', { name: 'Active Subscriptions' }).innerText(),
      'Monthly Revenue': await glance.getByRole('group', { name: 'Monthly Revenue' }).innerText(),
      'Total Customers': await glance.getByRole('group', { name: 'Total Customers' }).innerText(),
      Outstanding: await money.getByRole('group', { name: 'Outstanding' }).innerText(),
      'Failed Payments': await money.getByRole('group', { name: 'Failed Payments' }).innerText(),
    };
    const chartRequest = page.waitForRequest((request) => request.url().endsWith('/api/admin/analytics'));
    await openTab(page, 'Analytics');
    await chartRequest;
    // The same figures, worded the same, at the top of the tab.
    const now = page.getByRole('region', { name: 'Figures now' });
    for (const [label, text] of Object.entries(onCards)) {
      await expect(now.getByRole('group', { name: label })).toHaveText(text, { useInnerText: true });
    }
    for (const title of [
      'Revenue collected, last 12 months',
      'Active rentals, last 12 months',
      'Monthly recurring revenue, last 12 months',
      'Utilisation per model',
      'New customers and leads per week, last 12 weeks',
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
