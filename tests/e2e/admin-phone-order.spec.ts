import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatCents } from '@/contracts/money';
import { choose, openTab, signIn } from './support/admin';
import { laDate, seriousAxeViolations, uniqueEmail } from './support/flows';
import { e2eAdmin } from './support/global-setup';
import { findMessage } from './support/outbox';

// Issue 29: the owner (or staff), on the phone with a customer, enters the order in the dashboard; the customer is
// e-mailed a link to sign and pay. The demo runs on the default service area (depot 92701, 35 miles).

const caller = {
  name: 'Rosa Delgado',
  phone: '(949) 555-0199',
  address: '18 Technology Drive, Unit 4',
  city: 'Irvine',
  zipCode: '92618',
};
const linkPattern = /\/order\/[0-9a-f-]{36}\?key=\S{16,}$/;

/** The text of the newest e-mail to `email`, whatever its subject. */
const newestMailTo = (email: string) => findMessage(email, /Subject:/i)?.text ?? '';

/** A staff member, added by the owner through the team API (as the Team tab adds one). */
async function addStaffMember(request: APIRequestContext) {
  const staff = { username: `phone-staff-${Date.now()}`, password: 'a staff member password' };
  expect((await request.post('/api/admin/login', { data: e2eAdmin })).ok()).toBe(true);
  const added = await request.post('/api/admin/team', {
    data: { ...staff, email: `${staff.username}@coolrent.example`, role: 'staff' },
  });
  expect(added.status()).toBe(201);
  return staff;
}

/** The demo catalog's first model, as the public catalog lists it. */
async function firstModel(request: APIRequestContext) {
  const models = (await (await request.get('/api/unit-models')).json()) as Array<{
    name: string;
    btuTier: string;
    weeklyPrice: number;
  }>;
  return models[0]!;
}

async function openNewOrder(page: Page): Promise<Locator> {
  await openTab(page, 'Orders');
  const dialog = page.getByRole('dialog', { name: 'New order' });
  // In one CI run (2026-11-28) the button was there and a click opened nothing; the cause is not known. The click is
  // made again until the dialog shows, never once it has.
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'New order' }).click();
    await expect(dialog).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  return dialog;
}

async function fillOrder(page: Page, dialog: Locator, email: string, model: { name: string }, zipCode: string) {
  await dialog.getByLabel('Full name').fill(caller.name);
  await dialog.getByLabel('Phone', { exact: true }).fill(caller.phone);
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await choose(page, 'Unit model', new RegExp(`^${model.name} \\(`));
  await dialog.getByRole('group', { name: 'Plan' }).getByLabel('Weekly').check();
  await dialog.getByLabel('Start date').fill(laDate(4));
  await dialog.getByLabel('Street address').fill(caller.address);
  await dialog.getByLabel('City', { exact: true }).fill(caller.city);
  await dialog.getByLabel('ZIP code').fill(zipCode);
  await dialog
    .getByRole('group', { name: 'Is the delivery address an undergraduate university dorm?' })
    .getByLabel('No')
    .check();
}

test.describe('admin phone orders', () => {
  test('staff take an order by phone: the link is e-mailed, shown in the list, sent again, then the order cancelled', async ({
    page,
    request,
  }) => {
    const staff = await addStaffMember(request);
    const model = await firstModel(request);
    const email = uniqueEmail('phone-order');
    await signIn(page, staff);
    await expect(page.getByText(`Signed in as ${staff.username} · Staff`)).toBeVisible();
    const dialog = await openNewOrder(page);

    // A new caller: the lookup finds nobody, and the details are typed in.
    await dialog.getByLabel('Find customer').fill(email);
    await dialog.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      "No customer with that e-mail or phone: enter the new customer's details.",
    );
    await fillOrder(page, dialog, email, model, caller.zipCode);
    await expect(dialog.getByText(`Price: ${formatCents(model.weeklyPrice)} / week, no minimum term`)).toBeVisible();
    await expect(dialog.getByLabel('Hold (hours)')).toHaveValue('24');
    await expect(dialog.getByLabel('Hold (hours)')).toHaveAccessibleDescription(
      'How long the unit is held for the customer to sign and pay (up to 48 hours)',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create order' }).click();

    const created = dialog.getByText(/^Order order-\S+ created\. We e-mailed the customer a link to sign and pay:$/);
    await expect(created).toBeVisible();
    const orderNumber = /order-\S+(?= created)/.exec((await created.textContent())!)![0];
    const link = dialog.getByLabel('Link to sign and pay');
    await expect(link).toHaveValue(linkPattern);
    await expect(link).toHaveAttribute('readonly', '');
    await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
    const sentLink = await link.inputValue();
    await expect.poll(() => newestMailTo(email)).toContain(sentLink);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // The list shows it as a phone order whose link was sent.
    await page.getByLabel('Search orders').fill(email);
    const row = page.getByRole('row').filter({ hasText: orderNumber });
    await expect(row).toContainText('pending');
    await expect(row).toContainText('Phone · link sent');

    // Its dialog: the link's steps, the hold, the link; a new link replaces it.
    await row.getByRole('button', { name: `View order ${orderNumber}` }).click();
    const order = page.getByRole('dialog', { name: new RegExp(`^Order ${orderNumber}`) });
    const phone = order.getByRole('region', { name: 'Phone order' });
    await expect(phone.getByRole('listitem').first()).toContainText('Link sent');
    await expect(phone.getByText(/^The unit is held until /)).toBeVisible();
    const firstLink = await phone.getByLabel('Link to sign and pay').inputValue();
    expect(firstLink).toBe(sentLink);
    await phone.getByRole('button', { name: 'Send link again' }).click();
    await expect(phone.getByLabel('Link to sign and pay')).not.toHaveValue(firstLink);
    await expect(phone.getByLabel('Link to sign and pay')).toHaveValue(linkPattern);
    const newLink = await phone.getByLabel('Link to sign and pay').inputValue();
    await expect.poll(() => newestMailTo(email)).toContain(newLink);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Cancelling asks first, then releases the unit: nothing left to send.
    await phone.getByRole('button', { name: 'Cancel order' }).click();
    await expect(phone.getByText('The order is cancelled, its unit goes back to available')).toBeVisible();
    await phone.getByRole('button', { name: 'Confirm: Cancel order' }).click();
    await expect(order.getByRole('heading', { name: new RegExp(`^Order ${orderNumber}`) })).toContainText('cancelled');
    await expect(phone.getByRole('button', { name: 'Send link again' })).toHaveCount(0);
    await order.getByRole('button', { name: 'Close' }).click();
    await expect(order).toBeHidden();
    await expect(row).toContainText('cancelled');
  });

  test('a ZIP outside the service area is refused by its field, on a phone, and what was typed stays', async ({
    page,
    request,
  }) => {
    const model = await firstModel(request);
    const email = uniqueEmail('phone-far');
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    const dialog = await openNewOrder(page);

    // A returning customer is found by their phone number, however it is written, and their details filled in.
    await dialog.getByLabel('Find customer').fill('714.555.0142');
    await dialog.getByLabel('Find customer').press('Enter');
    await expect(dialog.getByRole('status')).toHaveText(
      'Existing customer: Maria Gonzalez (maria.gonzalez@example.com). Their details are filled in below.',
    );
    await expect(dialog.getByLabel('Full name')).toHaveValue('Maria Gonzalez');
    await expect(dialog.getByLabel('E-mail', { exact: true })).toHaveValue('maria.gonzalez@example.com');

    await fillOrder(page, dialog, email, model, '10118');
    await dialog.getByRole('button', { name: 'Create order' }).click();

    const message = "We don't deliver to ZIP 10118 yet: it is 2,435 miles from our depot and we serve within 35 miles.";
    await expect(dialog.getByRole('alert')).toHaveText(message);
    await expect(dialog.getByLabel('ZIP code')).toHaveAccessibleDescription(message);
    await expect(dialog.getByLabel('ZIP code')).toBeFocused();
    await expect(dialog.getByLabel('ZIP code')).toHaveValue('10118');
    await expect(dialog.getByLabel('Full name')).toHaveValue(caller.name);
    await expect(dialog.getByLabel('E-mail', { exact: true })).toHaveValue(email);
    await expect(dialog.getByLabel('Street address')).toHaveValue(caller.address);
    await expect(dialog.getByLabel('Start date')).toHaveValue(laDate(4));
    await expect(dialog.getByRole('group', { name: 'Plan' }).getByLabel('Weekly')).toBeChecked();

    // The form fits a phone's screen, error messages and all.
    const box = await dialog.evaluate((element) => ({
      right: element.getBoundingClientRect().right,
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(box.right).toBeLessThanOrEqual(390);
    expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
  });
});
