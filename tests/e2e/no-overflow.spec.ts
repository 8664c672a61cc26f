import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/admin';
import { fillRegistration, payWith, seriousAxeViolations, uniqueEmail } from './support/flows';
import { expectButtonsUsable } from './support/on-screen';

// No page may be wider than the screen, on a phone or a laptop: a table too wide for the screen scrolls inside its
// own box, never the page. Every admin tab is found in the page itself (new tabs are covered without a change
// here), and so is every dialog a tab opens from a trigger (Radix marks them aria-haspopup="dialog").

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;

const publicPages = ['/', '/catalog', '/checkout', '/monthly', '/weekly', '/terms', '/contact', '/account-access'];

/** What sticks out past the right edge of the screen, widest first: the page is wider than the screen if any. */
async function overflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const culprits: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const rect = element.getBoundingClientRect();
      if (rect.right <= innerWidth + 0.5 || rect.width === 0) continue;
      // Only the outermost: its children stick out with it.
      const parent = element.parentElement;
      if (parent && parent.getBoundingClientRect().right > innerWidth + 0.5) continue;
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${String(element.getAttribute('class') ?? '').slice(0, 80)}`;
      culprits.push(`${name} right=${Math.round(rect.right)} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, culprits: culprits.slice(0, 8) };
  });
}

async function expectNoOverflow(page: Page, where: string) {
  const found = await overflow(page);
  expect(
    found.scrollWidth,
    `${where}: the page is wider than the screen\n${found.culprits.join('\n')}`,
  ).toBeLessThanOrEqual(found.innerWidth);
}

/** An open dialog stays on the screen and never scrolls sideways itself. */
async function expectDialogFits(page: Page, dialog: Locator, where: string) {
  await expect(dialog).toBeVisible();
  // Measured where it comes to rest: a drawer slides in from the side, and on a busy machine it is still moving.
  // (An animation cancelled on the way, as a re-render may do, rejects its `finished`: it has stopped all the same.)
  await dialog.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => undefined))),
  );
  const box = await dialog.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { left: rect.left, right: rect.right, scrollWidth: element.scrollWidth, clientWidth: element.clientWidth };
  });
  const innerWidth = await page.evaluate(() => window.innerWidth);
  expect(box.left, `${where}: the dialog starts left of the screen`).toBeGreaterThanOrEqual(0);
  expect(box.right, `${where}: the dialog ends right of the screen`).toBeLessThanOrEqual(innerWidth);
  expect(box.scrollWidth, `${where}: the dialog scrolls sideways`).toBeLessThanOrEqual(box.clientWidth);
  await expectNoOverflow(page, where);
}

/** Waits until whatever the page is loading has loaded (spinners gone, requests settled). */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** Escape closes the dialog; on a loaded machine a press that lands before the dialog took focus is pressed again. */
async function closeDialog(page: Page, dialog: Locator) {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

for (const viewport of viewports) {
  test.describe(`no horizontal overflow on a ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('public pages', async ({ page }) => {
      for (const path of publicPages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await settled(page);
        await expectNoOverflow(page, path);
        if (viewport.name === 'phone') await expectButtonsUsable(page, path);
      }
      if (viewport.name === 'phone') {
        await page.goto('/');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expectDialogFits(page, page.getByRole('dialog', { name: 'Menu' }), 'the menu drawer');
      }
    });

    test('admin: every tab and the dialogs it opens', async ({ page }) => {
      test.setTimeout(180_000);
      await signIn(page);
      await settled(page);
      await expectNoOverflow(page, 'admin dashboard');
      const tabList = page.getByRole('tablist', { name: 'Dashboard sections' });
      const names = (await tabList.getByRole('tab').allTextContents()).map((name) => name.trim());
      expect(names.length).toBeGreaterThan(5);
      for (const name of names) {
        await tabList.getByRole('tab', { name, exact: true }).click();
        const panel = page.getByRole('tabpanel', { name, exact: true });
        await expect(panel).toBeVisible();
        await settled(page);
        await expectNoOverflow(page, `the ${name} tab`);
        if (viewport.name === 'phone') await expectButtonsUsable(page, `the ${name} tab`);

        // One dialog of each kind the tab offers ("Edit …", "Delete …", "Add Unit"…), by its trigger's first word.
        const triggers = panel.locator('[aria-haspopup="dialog"]:visible');
        const seen = new Set<string>();
        for (let index = 0; index < (await triggers.count()); index++) {
          const trigger = triggers.nth(index);
          const label = ((await trigger.getAttribute('aria-label')) ?? (await trigger.textContent()) ?? '').trim();
          const kind = label.split(/\s+/)[0] ?? label;
          if (seen.has(kind) || (await trigger.isDisabled())) continue;
          seen.add(kind);
          await trigger.click();
          const dialog = page.getByRole('dialog').last();
          await settled(page);
          await expectDialogFits(page, dialog, `${name} tab, dialog "${label}"`);
          await closeDialog(page, dialog);
        }
      }
    });

    test('admin: a customer and an order open on the screen', async ({ page }) => {
      await signIn(page);
      await page.getByRole('tab', { name: 'Customers' }).click();
      await settled(page);
      await page
        .getByRole('button', { name: /^View / })
        .first()
        .click();
      const heading = page.locator('#customer-detail-title');
      await expect(heading).toBeInViewport();
      await settled(page);
      await expectNoOverflow(page, 'a customer opened');
      if (viewport.name === 'phone') await expectButtonsUsable(page, 'a customer opened');
      for (const action of ['Send Email', 'Add Fee']) {
        await page.getByRole('button', { name: action, exact: true }).first().click();
        const dialog = page.getByRole('dialog', { name: action });
        await expectDialogFits(page, dialog, `customer dialog ${action}`);
        await closeDialog(page, dialog);
      }

      await page.getByRole('tab', { name: 'Orders' }).click();
      await settled(page);
      await page
        .getByRole('button', { name: /^View order / })
        .first()
        .click();
      const order = page.getByRole('dialog', { name: /^Order order-/ });
      await expect(order.getByRole('heading', { name: 'Customer' })).toBeInViewport();
      await settled(page);
      await expectDialogFits(page, order, 'an order opened');
    });

    if (viewport.name === 'phone') {
      test('admin tabs on a phone have no serious or critical axe violations', async ({ page }) => {
        test.setTimeout(300_000);
        await signIn(page);
        const tabList = page.getByRole('tablist', { name: 'Dashboard sections' });
        const names = (await tabList.getByRole('tab').allTextContents()).map((name) => name.trim());
        for (const name of names) {
          await tabList.getByRole('tab', { name, exact: true }).click();
          await expect(page.getByRole('tabpanel', { name, exact: true })).toBeVisible();
          await settled(page);
          // The whole page with the first tab; then the panel each further tab shows (scans are slow).
          const scope = name === names[0] ? undefined : '[role="tabpanel"][data-state="active"]';
          expect(await seriousAxeViolations(page, scope), `the ${name} tab`).toEqual([]);
        }
      });
    }
  });
}

// One rental (the demo has few units to spare) checks the pay page, the success page and the portal both ways.
test('checkout, payment, success and portal pages fit a phone and a laptop', async ({ page }) => {
  const sizes = async (where: string) => {
    for (const viewport of [...viewports, viewports[0]]) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await settled(page);
      await expectNoOverflow(page, `${where} on a ${viewport.name}`);
      if (viewport.name === 'phone') await expectButtonsUsable(page, `${where} on a phone`);
    }
  };
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/checkout');
  await fillRegistration(page, uniqueEmail('overflow'));
  await page.getByRole('checkbox', { name: 'I have read and agree to the rental agreement' }).check();
  await sizes('/checkout filled in');
  await page.getByRole('button', { name: 'Complete Registration & Pay' }).click();
  await expect(page).toHaveURL(/\/pay\//);
  await expect(page.getByLabel('Card number')).toBeVisible();
  await sizes('the pay page');
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Rental Confirmed!' })).toBeVisible();
  await sizes('/success');
  await page.getByRole('link', { name: 'Access My Account' }).click();
  await expect(page.getByRole('heading', { name: 'My AC Rental Account' })).toBeVisible();
  await sizes('the portal');
});
