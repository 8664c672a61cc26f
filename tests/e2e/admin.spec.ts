import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from './support/global-setup';
import { seriousAxeViolations } from './support/flows';
import { findMessage } from './support/outbox';

// The same server also runs the checkout specs, which rent the demo's available units: these tests only read
// the demo data and change units they create themselves.

async function signIn(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(e2eAdmin.username);
  await page.getByLabel('Password').fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Customers' })).toBeVisible();
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/** Picks an option of one of our Radix selects, found by its label. */
async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByLabel(label, { exact: typeof label === 'string' }).click();
  await page.getByRole('option', { name: option }).click();
}

const toast = (page: Page) => page.getByRole('region', { name: /notifications/i });

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
      await expect(cards.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('tab')).toHaveText([
      'Customers',
      'Orders',
      'Additional Fees',
      'Email Center',
      'Inventory',
      'Analytics',
    ]);

    // The tabs work from the keyboard.
    await page.getByRole('tab', { name: 'Customers' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Orders' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');

    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('customers: search, open the detail, send an e-mail from a template, add a fee and settle it', async ({
    page,
  }) => {
    await signIn(page);
    await page.getByLabel('Search customers').fill('GONZALEZ');
    const row = page.getByRole('row').filter({ hasText: 'maria.gonzalez@example.com' });
    await expect(row).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'kevin.tran@example.com' })).toHaveCount(0);
    await row.getByRole('button', { name: 'View Maria Gonzalez' }).click();

    const detail = page.getByRole('region', { name: 'Maria Gonzalez' });
    await expect(detail.getByRole('heading', { name: 'Contact information' })).toBeVisible();
    await expect(detail.getByText('(714) 555-0142')).toBeVisible();
    await expect(detail.getByRole('heading', { name: /Recent orders/ })).toBeVisible();
    await expect(detail.getByText(/order-[A-Z0-9]{8}/).first()).toBeVisible();

    // Send Email: the spec's messages, then a template filled with Maria's data.
    await detail.getByRole('button', { name: 'Send Email' }).click();
    const emailDialog = page.getByRole('dialog', { name: 'Send Email' });
    await expect(emailDialog.getByLabel('Recipient')).toHaveValue('maria.gonzalez@example.com');
    await emailDialog.getByLabel('Recipient').fill('not-an-address');
    await emailDialog.getByRole('button', { name: 'Send Email' }).click();
    await expect(emailDialog.getByText('Valid email address required')).toBeVisible();
    await expect(emailDialog.getByText('Subject is required')).toBeVisible();
    await expect(emailDialog.getByText('Email body is required')).toBeVisible();

    await emailDialog.getByLabel('Recipient').fill('maria.gonzalez@example.com');
    await choose(page, 'Template', 'Delivery scheduled');
    await expect(emailDialog.getByLabel('Message')).toHaveValue(/^Hi Maria Gonzalez,/);
    await expect(emailDialog.getByLabel('Subject')).toHaveValue('Your AC delivery is scheduled for {{deliveryDate}}');
    const subject = `Your AC delivery is scheduled for Friday (${Date.now()})`;
    await emailDialog.getByLabel('Subject').fill(subject);
    await emailDialog.getByRole('button', { name: 'Send Email' }).click();
    await expect(toast(page).getByText('Email sent successfully')).toBeVisible();
    await expect(emailDialog).toBeHidden();
    await expect
      .poll(() => findMessage('maria.gonzalez@example.com', subject)?.text ?? '')
      .toContain('Hi Maria Gonzalez,');

    // Add Fee: the spec's messages on the client, then dollars to cents.
    await detail.getByRole('button', { name: 'Add Fee' }).click();
    const feeDialog = page.getByRole('dialog', { name: 'Add Fee' });
    await feeDialog.getByLabel('Description').fill('Dent');
    await feeDialog.getByLabel('Amount (USD)').fill('0.5');
    await feeDialog.getByRole('button', { name: 'Add Fee' }).click();
    await expect(feeDialog.getByText('Fee type is required')).toBeVisible();
    await expect(feeDialog.getByText('Description must be at least 5 characters')).toBeVisible();
    await expect(feeDialog.getByText('Amount must be at least $1.00')).toBeVisible();

    const description = `Cracked exhaust hose ${Date.now()}`;
    await choose(page, 'Fee type', 'Damage');
    await feeDialog.getByLabel('Description').fill(description);
    await feeDialog.getByLabel('Amount (USD)').fill('45.5');
    await feeDialog.getByRole('button', { name: 'Add Fee' }).click();
    await expect(toast(page).getByText('Additional fee created successfully')).toBeVisible();
    await expect(feeDialog).toBeHidden();
    await expect(detail.getByText(description)).toBeVisible();
    await expect(detail.getByRole('listitem').filter({ hasText: description }).getByText('$45.50')).toBeVisible();

    // Additional Fees tab: find it among pending fees and mark it paid.
    await openTab(page, 'Additional Fees');
    await choose(page, 'Status', 'pending');
    await page.getByLabel('Search by customer').fill('maria');
    const feeRow = page.getByRole('row').filter({ hasText: description });
    await expect(feeRow).toContainText('$45.50');
    await expect(feeRow).toContainText('pending');
    await feeRow.getByRole('button', { name: /paid$/ }).click();
    await expect(toast(page).getByText('Fee of $45.50 marked paid')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: description })).toHaveCount(0); // no longer pending
    await choose(page, 'Status', 'paid');
    await expect(page.getByRole('row').filter({ hasText: description })).toContainText('paid');
  });

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
