import { expect, test } from '@playwright/test';
import { choose, openTab, signIn, toast } from './support/admin';
import { seriousAxeViolations } from './support/flows';

test.describe('admin team', () => {
  test('the owner adds a staff member, who cannot waive a fee; disabling them ends their session', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000); // two browsers, two sign-ins and two accessibility scans
    const staff = { username: `staff-${Date.now()}`, password: 'a staff member password' };
    await signIn(page);
    await expect(page.getByText(/Signed in as e2e-owner · Admin/)).toBeVisible();

    // A pending fee for the staff member to find (the owner's own API call, as the Add Fee dialog makes it).
    const customers = await page.request.get('/api/admin/customers?search=maria.gonzalez');
    const customerId = (await customers.json()).items[0].id as string;
    const description = `Lost remote ${Date.now()}`;
    const created = await page.request.post('/api/admin/additional-fees', {
      data: { customerId, feeType: 'other', description, amountCents: 1500 },
    });
    expect(created.status()).toBe(201);
    const feeId = (await created.json()).id as string;

    // The owner adds the staff member from the Team tab.
    await openTab(page, 'Team');
    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Member' });
    await dialog.getByLabel('Username').fill(staff.username);
    await dialog.getByLabel('Email').fill(`${staff.username}@coolrent.example`);
    await dialog.getByLabel('First password').fill('too short');
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(dialog.getByText('Password must be at least 12 characters')).toBeVisible();
    await dialog.getByLabel('First password').fill(staff.password);
    await choose(page, 'Role', 'Staff');
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(toast(page).getByText(`${staff.username} added as staff`)).toBeVisible();
    const memberRow = page.getByRole('row').filter({ hasText: staff.username });
    await expect(memberRow).toContainText('active');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The staff member signs in in their own browser: no Waive or Mark paid, and the API refuses it too.
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await staffPage.goto('/admin');
    await staffPage.getByLabel('Username').fill(staff.username);
    await staffPage.getByLabel('Password').fill(staff.password);
    await staffPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(staffPage.getByText(`Signed in as ${staff.username} · Staff`)).toBeVisible();
    await expect(staffPage.getByRole('tab', { name: 'Team' })).toHaveCount(0);
    await openTab(staffPage, 'Additional Fees');
    const feeRow = staffPage.getByRole('row').filter({ hasText: description });
    await expect(feeRow).toContainText('pending');
    await expect(feeRow.getByRole('button', { name: /Waive/ })).toHaveCount(0);
    await expect(feeRow.getByRole('button', { name: /paid$/ })).toHaveCount(0);
    const waive = await staffPage.request.patch(`/api/admin/additional-fees/${feeId}`, { data: { status: 'waived' } });
    expect(waive.status()).toBe(403);
    expect((await waive.json()).message).toBe('Only an admin can do this. Ask an admin of your team.');

    // Staff change their own password under Account; the owner's team list is not theirs to see.
    await openTab(staffPage, 'Account');
    await expect(staffPage.getByRole('heading', { name: 'Your account' })).toBeVisible();
    await expect(staffPage.getByRole('heading', { name: 'Team' })).toHaveCount(0);
    expect(await seriousAxeViolations(staffPage)).toEqual([]);

    // The owner disables them: their session ends at once, and the right password no longer signs in.
    await memberRow.getByRole('button', { name: `Disable ${staff.username}` }).click();
    await expect(toast(page).getByText(`${staff.username} disabled and signed out`)).toBeVisible();
    await expect(memberRow).toContainText('disabled');
    await staffPage.reload();
    await expect(staffPage.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await staffPage.getByLabel('Username').fill(staff.username);
    await staffPage.getByLabel('Password').fill(staff.password);
    await staffPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(staffPage).getByText('Invalid username or password')).toBeVisible();
    await staffContext.close();

    // The fee is still pending: nothing the staff member tried changed it.
    await openTab(page, 'Additional Fees');
    await expect(page.getByRole('row').filter({ hasText: description })).toContainText('pending');
  });
});
