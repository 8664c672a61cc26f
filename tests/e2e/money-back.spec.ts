import { expect, test } from '@playwright/test';
import { openTab, signIn } from './support/admin';
import { rentAndPay, seriousAxeViolations, uniqueEmail } from './support/flows';

// Issue 27 item 4 in the browser: the owner refunds part of the first payment and credits the account from the order
// view; the customer sees both in the portal's billing history.
test('the owner refunds part of a payment and adds a credit; the customer sees both', async ({ page, browser }) => {
  const email = uniqueEmail('money-back');
  await rentAndPay(page, email);

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner);
  await openTab(owner, 'Orders');
  await owner.getByLabel('Search orders').fill(email);
  const row = owner.getByRole('table').getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: /^View order order-/ }).click();
  const order = owner.getByRole('dialog', { name: /^Order order-/ });

  await order.getByRole('button', { name: 'Refund' }).click();
  const refund = owner.getByRole('dialog', { name: 'Refund' });
  // The first payment, for the first month from the start date, is offered whole.
  await expect(refund.getByRole('combobox', { name: 'What to refund' })).toContainText('$39.00 left of $39.00');
  // Nothing is sent without a reason.
  await refund.getByLabel('Amount (USD)').fill('5');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(refund.getByText(/reason/i).last()).toBeVisible();
  expect(await seriousAxeViolations(owner)).toEqual([]);
  await refund.getByLabel('Reason').fill('Charged for a filter we did not fit');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(refund).toBeHidden();

  await order.getByRole('button', { name: 'Add credit' }).click();
  const credit = owner.getByRole('dialog', { name: 'Add credit' });
  await credit.getByLabel('Amount (USD)').fill('10');
  await credit.getByLabel('Reason').fill('The unit was down for two days');
  await credit.getByRole('button', { name: 'Add credit' }).click();
  await expect(credit).toBeHidden();
  await ownerContext.close();

  await page.getByRole('link', { name: 'Access My Account' }).click();
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  const history = page.getByRole('table');
  await expect(history.getByText('$5.00 refunded')).toBeVisible();
  await expect(history.getByText(/^Account credit, .+: The unit was down for two days$/)).toBeVisible();
  await expect(history.getByText('Comes off your next bill')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});
