import { expect, test } from '@playwright/test';
import { choose, openTab, signIn, toast } from './support/admin';
import { laWindowDay, rentAndPay, seriousAxeViolations, uniqueEmail } from './support/flows';
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
  test("the checkout books the delivery in a window; the owner moves it to another day's window, and the customer is e-mailed both", async ({
    page,
  }) => {
    // A checkout, the payment page and the dashboard in one test: longer than one page's budget.
    test.setTimeout(120_000);
    const email = uniqueEmail('delivery');
    const { orderNumber } = await rentAndPay(page, email);

    await signIn(page);
    await openTab(page, 'Deliveries & Pickups');
    // Booked at checkout (ADR 035): the earliest window with room, in the coming days, not unscheduled.
    await page.getByRole('button', { name: 'This week' }).click();
    await expect(page.getByRole('button', { name: 'This week' })).toHaveAttribute('aria-pressed', 'true');
    const row = page.getByRole('row').filter({ hasText: orderNumber });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Delivery');
    await expect(row).toContainText(/\d{1,2}(AM|PM)-\d{1,2}(AM|PM)/);
    await expect(row.getByRole('link', { name: /Irvine/ })).toHaveAttribute('href', /google\.com\/maps/);
    await expect(row.getByRole('link', { name: '(714) 555-0123' })).toHaveAttribute('href', 'tel:7145550123');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The next day with the owner's windows (Sunday has none by default).
    const day = laWindowDay(1);
    await row.getByRole('button', { name: /^Reschedule: Delivery for/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule delivery' });
    await dialog.getByLabel('Date').fill(day);
    await choose(page, 'Time window', /^12PM-4PM · /);
    await dialog.getByRole('button', { name: 'Reschedule' }).click();
    // Other specs' checkouts may have filled that window: the owner is told and may book anyway.
    const emailed = toast(page).getByText(new RegExp(`was e-mailed`));
    const bookAnyway = dialog.getByRole('button', { name: 'Book anyway' });
    await expect(emailed.or(bookAnyway).first()).toBeVisible();
    if (await bookAnyway.isVisible()) await bookAnyway.click();
    await expect(emailed).toBeVisible();
    await expect(dialog).toBeHidden();

    const booked = page.getByRole('row').filter({ hasText: orderNumber });
    await expect(booked).toContainText('12PM-4PM');
    await expect
      .poll(() => findMessage(email, 'Your AC delivery is scheduled for')?.text ?? '')
      .toContain(`${longDate(day)} between 12PM-4PM`);
    const message = findMessage(email, 'Your AC delivery is scheduled for')!;
    expect(message.raw).not.toContain('{{');

    // The route sheet for that day lists the stop, in its window, with what to bring.
    await page.goto(`/admin/route-sheet?date=${day}`);
    const stop = page.getByRole('listitem').filter({ hasText: orderNumber });
    await expect(stop).toBeVisible();
    await expect(stop).toContainText('12PM-4PM');
    await expect(stop).toContainText('Delivery');
  });
});
