import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { openTab, signIn, toast } from './support/admin';
import { seriousAxeViolations } from './support/flows';

/** The code the authenticator app shows now, or `steps` 30-second steps later (a code is accepted once). */
const appCode = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
/** Six digits the app does not show now (nor a step before or after, but for a one-in-a-million chance). */
const wrongCode = async (secret: string) =>
  String((Number(await appCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');

async function signInWithPassword(page: Page, username: string, password: string) {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('admin two-factor sign-in', () => {
  test('a member sets up two-factor from Account, then signs in with the app code and with a recovery code', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000); // two browsers, four sign-ins and two accessibility scans
    const member = { username: `two-factor-${Date.now()}`, password: 'a member with a phone' };
    // The owner adds the member (as the Team tab does); the member then works in a browser of their own.
    await signIn(page);
    const added = await page.request.post('/api/admin/team', {
      data: { ...member, email: `${member.username}@coolrent.example`, role: 'staff' },
    });
    expect(added.status()).toBe(201);
    const context = await browser.newContext();
    const own = await context.newPage();
    await signInWithPassword(own, member.username, member.password);
    await expect(own.getByText(`Signed in as ${member.username} · Staff`)).toBeVisible();

    // Account → Two-factor sign-in: the password again, the QR code and its key, the app's first code.
    await openTab(own, 'Account');
    const card = own.getByRole('form', { name: 'Set up two-factor sign-in' });
    await card.getByLabel('Your password').fill('not my password');
    await card.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }).click();
    await expect(card.getByText('Password is incorrect')).toBeVisible();
    await card.getByLabel('Your password').fill(member.password);
    await card.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }).click();
    await expect(own.getByRole('img', { name: 'QR code that adds CoolRent to your authenticator app' })).toBeVisible();
    const secret = (await own.getByLabel('Setup key').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const confirm = own.getByRole('form', { name: 'Confirm two-factor sign-in' });
    await confirm.getByLabel('Code from the app').fill(await wrongCode(secret));
    await confirm.getByRole('button', { name: 'Turn On' }).click();
    await expect(confirm.getByText('That code is not right.', { exact: false })).toBeVisible();
    await confirm.getByLabel('Code from the app').fill(await appCode(secret));
    await confirm.getByRole('button', { name: 'Turn On' }).click();
    await expect(toast(own).getByText('Two-factor sign-in is on')).toBeVisible();
    const codes = own.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const [recoveryCode, anotherRecoveryCode] = [await codes.nth(0).innerText(), await codes.nth(1).innerText()];
    expect(await seriousAxeViolations(own)).toEqual([]);
    await own.getByRole('button', { name: 'I Have Saved Them' }).click();
    await expect(own.getByText('10 of 10 recovery codes left')).toBeVisible();

    // Signed out, the password alone is not enough: the code step asks for the app's code; a wrong one is refused.
    await own.getByRole('button', { name: 'Sign Out' }).click();
    await signInWithPassword(own, member.username, member.password);
    const code = own.getByLabel('Authentication code');
    await expect(code).toBeFocused();
    expect(await seriousAxeViolations(own)).toEqual([]);
    await code.fill('12345');
    await own.getByRole('button', { name: 'Verify' }).click();
    await expect(own.getByText('Enter the 6-digit code from your authenticator app, or a recovery code')).toBeVisible();
    await code.fill(await wrongCode(secret));
    await own.getByRole('button', { name: 'Verify' }).click();
    await expect(own.locator('#admin-code-error')).toContainText('That code is not right, or was used already.');
    // The code that turned it on is spent: the app's next code (a step ahead is accepted) signs in.
    await code.fill(await appCode(secret, 1));
    await own.keyboard.press('Enter');
    await expect(own.getByText(`Signed in as ${member.username} · Staff`)).toBeVisible();

    // A recovery code signs in once, typed as it was printed.
    await own.getByRole('button', { name: 'Sign Out' }).click();
    await signInWithPassword(own, member.username, member.password);
    await own.getByLabel('Authentication code').fill(recoveryCode.toUpperCase());
    await own.getByRole('button', { name: 'Verify' }).click();
    await expect(own.getByText(`Signed in as ${member.username} · Staff`)).toBeVisible();
    await openTab(own, 'Account');
    await expect(own.getByText('9 of 10 recovery codes left')).toBeVisible();

    // Turning it off takes the password and a code: a recovery code used already is refused, another one does.
    const turnOff = own.getByRole('form', { name: 'Turn off two-factor sign-in' });
    await turnOff.getByLabel('Your password').fill(member.password);
    await turnOff.getByLabel('Code from the app').fill(recoveryCode);
    await turnOff.getByRole('button', { name: 'Turn Off Two-Factor Sign-In' }).click();
    await expect(turnOff.getByText('That code is not right, or was used already.', { exact: false })).toBeVisible();
    await turnOff.getByLabel('Code from the app').fill(anotherRecoveryCode!);
    await turnOff.getByRole('button', { name: 'Turn Off Two-Factor Sign-In' }).click();
    await expect(toast(own).getByText('Two-factor sign-in is off')).toBeVisible();
    await expect(own.getByRole('form', { name: 'Set up two-factor sign-in' })).toBeVisible();
    await context.close();
  });
});
