import { expect, test } from '@playwright/test';
import { openTab, signIn } from './support/admin';
import { seriousAxeViolations } from './support/flows';
import { findMessage } from './support/outbox';

test.describe('contact form', () => {
  test('a message reaches the owner: an e-mail and the Messages tab', async ({ page }) => {
    test.setTimeout(150_000); // the form, the owner's e-mail and an admin sign-in on a shared machine
    const text = `Do you deliver to Huntington Beach on weekends? (${Date.now()})`;
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('Please write at least 10 characters')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('textbox', { name: 'Name' }).fill('Dana Whitfield');
    await page.getByRole('textbox', { name: 'Email' }).fill('dana.whitfield@example.com');
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status')).toContainText('your message was sent');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await expect.poll(() => readOwnerMail(text)).toBeTruthy();

    await signIn(page);
    await openTab(page, 'Messages');
    const row = page.getByRole('row').filter({ hasText: text });
    await expect(row).toBeVisible();
    await expect(row.getByText('dana.whitfield@example.com')).toBeVisible();
    await row.getByRole('button', { name: 'Mark the message from Dana Whitfield handled' }).click();
    await expect(row.getByText(/^Handled /)).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

function readOwnerMail(text: string) {
  const message = findMessage('', 'Contact form: message from Dana Whitfield');
  return message?.text.includes(text) ? message : undefined;
}
