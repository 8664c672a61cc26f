import { expect, test } from '@playwright/test';
import { choose, closeToasts, openTab, signIn, toast } from './support/admin';
import { findMessage } from './support/outbox';

test.describe('admin dashboard', () => {
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
    // Maria has no delivery booked: the template's day and window cannot be filled, so it is not sent raw.
    await emailDialog.getByRole('button', { name: 'Send Email' }).click();
    // The refusal shows in the dialog itself, never over its buttons, and none goes to the corner.
    await expect(emailDialog.getByRole('alert')).toContainText(
      /The e-mail was not sent: the placeholders "deliveryDate"/,
    );
    await expect(toast(page).getByText(/The e-mail was not sent/)).toHaveCount(0);
    const subject = `Your AC delivery is scheduled for Friday (${Date.now()})`;
    await emailDialog.getByLabel('Subject').fill(subject);
    await emailDialog.getByLabel('Message').fill('Hi Maria Gonzalez, we deliver on Friday between 8AM and 11AM.');
    await emailDialog.getByRole('button', { name: 'Send Email' }).click();
    await expect(toast(page).getByText('Email sent successfully')).toBeVisible();
    await expect(emailDialog).toBeHidden();
    await closeToasts(page);
    await expect
      .poll(() => findMessage('maria.gonzalez@example.com', subject)?.text ?? '')
      .toContain('Hi Maria Gonzalez,');

    // Add Fee: the spec's messages on the client, then dollars to cents.
    await detail.getByRole('button', { name: 'Add Fee' }).click();
    const feeDialog = page.getByRole('dialog', { name: 'Add Fee' });
    // No box to untick: every fee is e-mailed, and one no monthly bill will carry is charged at once.
    await expect(feeDialog.getByText(/The customer is e-mailed about every fee/)).toBeVisible();
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
    await closeToasts(page);
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
});
