import { expect, test } from '@playwright/test';
import { choose, openTab, signIn, toast } from './support/admin';
import { laDate, rentAndPay, seriousAxeViolations, uniqueEmail } from './support/flows';
import { findMessage } from './support/outbox';

/** "Wednesday, November 25, 2026" for a YYYY-MM-DD day, as the e-mail writes it. */
const longDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

test.describe('Deliveries & Pickups', () => {
  test("the owner books tomorrow's delivery of a paid order in a window, and the customer is e-mailed both", async ({
    page,
  }) => {
    // A checkout, the payment page and the dashboard in one test: longer than one page's budget.
    test.setTimeout(120_000);
    const email = uniqueEmail('delivery');
    const { orderNumber } = await rentAndPay(page, email);

    await signIn(page);
    await openTab(page, 'Deliveries & Pickups');
    await page.getByRole('button', { name: 'Unscheduled' }).click();
    await expect(page.getByRole('button', { name: 'Unscheduled' })).toHaveAttribute('aria-pressed', 'true');
    const row = page.getByRole('row').filter({ hasText: orderNumber });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Delivery');
    await expect(row.getByRole('link', { name: /Irvine/ })).toHaveAttribute('href', /google\.com\/maps/);
    await expect(row.getByRole('link', { name: '(714) 555-0123' })).toHaveAttribute('href', 'tel:7145550123');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const tomorrow = laDate(1);
    await row.getByRole('button', { name: /^Schedule: Delivery for/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule delivery' });
    await dialog.getByLabel('Date').fill(tomorrow);
    await choose(page, 'Time window', /^11AM-2PM/);
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await expect(toast(page).getByText(new RegExp(`was e-mailed`))).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Tomorrow' }).click();
    const booked = page.getByRole('row').filter({ hasText: orderNumber });
    await expect(booked).toContainText('11AM-2PM');
    await expect(page.getByRole('link', { name: /^Route sheet for / })).toHaveAttribute(
      'href',
      `/admin/route-sheet?date=${tomorrow}`,
    );

    await expect
      .poll(() => findMessage(email, 'Your AC delivery is scheduled for')?.text ?? '')
      .toContain(`${longDate(tomorrow)} between 11AM-2PM`);
    const message = findMessage(email, 'Your AC delivery is scheduled for')!;
    expect(message.raw).not.toContain('{{');

    // The route sheet for tomorrow lists the stop, in its window, with what to bring.
    await page.getByRole('link', { name: /^Route sheet for / }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/route-sheet\\?date=${tomorrow}$`));
    const stop = page.getByRole('listitem').filter({ hasText: orderNumber });
    await expect(stop).toBeVisible();
    await expect(stop).toContainText('11AM-2PM');
    await expect(stop).toContainText('Delivery');
  });
});
