import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { addUnit, createModel, deactivate, ownerRequest } from './support/models';
import { fillRegistration, renter, seriousAxeViolations, uniqueEmail } from './support/flows';

/**
 * Stock-aware renting (issue 13 item 2) and the checkout in Spanish. Models these specs make are priced last
 * (weekly price at the maximum), so a checkout without a model never picks them, and deactivated at the end.
 */

test.describe('stock-aware renting', () => {
  test('an out-of-stock model offers "Join the waitlist"; the place in line is shown', async ({ page, browser }) => {
    const owner = await ownerRequest(browser);
    const name = `Sold-out AC ${randomUUID().slice(0, 6)}`;
    const modelId = await createModel(owner, name);
    try {
      await page.goto('/catalog');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 2 }) });
      await expect(card.getByText('Out of Stock')).toBeVisible();
      await expect(card.getByRole('link', { name: /^Rent Now/ })).toHaveCount(0);
      await card.getByRole('button', { name: `Join the waitlist for the ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Join the waitlist' });
      await dialog.getByLabel('Email').fill('not-an-email');
      await dialog.getByLabel('Delivery ZIP code').fill('92612');
      await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
      await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
      await dialog.getByLabel('Email').fill(uniqueEmail('waitlist'));
      expect(await seriousAxeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
      await expect(dialog.getByRole('status')).toHaveText(
        "You're first in line. We'll e-mail you a link that holds a unit for you as soon as one is free.",
      );
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await expect(dialog).toBeHidden();
    } finally {
      await deactivate(owner, modelId);
    }
  });

  test('a 409 out of stock keeps the form and offers the model in stock; back from the payment page the form is kept', async ({
    page,
    browser,
  }) => {
    const owner = await ownerRequest(browser);
    const name = `Last-one AC ${randomUUID().slice(0, 6)}`;
    const modelId = await createModel(owner, name);
    const unitId = await addUnit(owner, modelId);
    try {
      await page.goto(`/checkout?model=${modelId}`);
      const picker = page.getByRole('group', { name: 'Choose your unit' });
      await expect(picker.getByRole('radio', { name: new RegExp(name) })).toBeChecked();
      await expect(picker.getByText('1 Available', { exact: true })).toBeVisible();
      const email = uniqueEmail('stock-409');
      await fillRegistration(page, email);
      await page.getByRole('checkbox', { name: 'I have read and agree to the rental agreement' }).check();

      // The last unit goes to the workshop while the form is filled in.
      const taken = await owner.patch(`/api/admin/units/${unitId}`, { data: { status: 'maintenance' } });
      expect(taken.status()).toBe(200);
      await page.getByRole('button', { name: 'Complete Registration & Pay' }).click();
      const notice = page.getByRole('alert').filter({ hasText: 'That unit just went out of stock' });
      await expect(notice).toBeVisible();
      await expect(page.getByLabel('Full Name')).toHaveValue(renter.name);
      await expect(page.getByLabel('Email')).toHaveValue(email);
      await expect(picker.getByRole('radio', { name: new RegExp(name) })).toBeDisabled();

      const other = 'Portable AC 12,000-14,000 BTU';
      await notice.getByRole('button', { name: `Switch to ${other}` }).click();
      await expect(picker.getByRole('radio', { name: new RegExp(other) })).toBeChecked();
      await expect(page.getByText(`Selected unit: ${other}`)).toBeVisible();
      await page.getByRole('button', { name: 'Complete Registration & Pay' }).click();
      await expect(page).toHaveURL(/\/pay\/cs_local_/);

      // Back by the payment page's cancel link (which also releases the hold): what was typed is there again.
      await page.getByRole('link', { name: 'Cancel and return to checkout' }).click();
      await expect(page).toHaveURL(/\/checkout\?model=[0-9a-f-]{36}$/);
      await expect(page.getByLabel('Full Name')).toHaveValue(renter.name);
      await expect(page.getByLabel('Email')).toHaveValue(email);
      await expect(page.getByLabel('Phone')).toHaveValue(renter.phone);
      await expect(page.getByLabel('ZIP Code')).toHaveValue(renter.zipCode);
      await expect(page.getByLabel('Building / Apartment Notes (optional)')).toHaveValue(renter.notes);
      await expect(page.getByRole('radio', { name: 'No' })).toBeChecked();
      await expect(picker.getByRole('radio', { name: new RegExp(other) })).toBeChecked();
      // The agreement is given again, on purpose.
      await expect(
        page.getByText('We kept what you typed. Please tick the rental agreement again before paying.'),
      ).toBeVisible();
      await expect(
        page.getByRole('checkbox', { name: 'I have read and agree to the rental agreement' }),
      ).not.toBeChecked();
    } finally {
      await deactivate(owner, modelId);
    }
  });
});

test.describe('checkout in Spanish', () => {
  test('a Spanish-speaking browser checks out in Spanish, axe clean, and reaches the success page', async ({
    browser,
  }) => {
    test.slow(); // a whole checkout, validation, an axe scan and the payment
    const context = await browser.newContext({ locale: 'es-MX' });
    const page = await context.newPage();
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { name: 'Rente su aire acondicionado', level: 1 })).toBeVisible();
    const progress = page.getByRole('navigation', { name: 'Progreso de la renta' });
    await expect(progress.getByText('Complete su registro')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Elija su unidad' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Resumen de precios' })).toBeVisible();

    // The shared schema's messages, in Spanish.
    await page.getByLabel('Nombre completo').fill('A');
    await page.getByRole('checkbox', { name: 'He leído y acepto el contrato de renta' }).check();
    await page.getByRole('button', { name: 'Completar registro y pagar' }).click();
    await expect(page.getByText('El nombre debe tener al menos 2 caracteres')).toBeVisible();
    await expect(page.getByText('Ingrese un correo electrónico válido')).toBeVisible();

    await page.getByLabel('Nombre completo').fill(renter.name);
    await page.getByLabel('Correo electrónico').fill(uniqueEmail('es'));
    await page.getByLabel('Teléfono').fill(renter.phone);
    await page.getByLabel('Dirección', { exact: true }).fill(renter.address);
    await page.getByLabel('Ciudad').fill(renter.city);
    await page.getByLabel('Código postal').fill(renter.zipCode);
    await page.getByLabel('Notas del edificio o departamento (opcional)').fill(renter.notes);
    await page
      .getByRole('group', {
        name: '¿La dirección de entrega es una residencia universitaria de estudiantes de licenciatura?',
      })
      .getByLabel('No')
      .check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Completar registro y pagar' }).click();

    await expect(page).toHaveURL(/\/pay\/cs_local_[0-9a-f]{32}$/);
    // The payment page in Spanish too.
    await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await page.getByLabel('Vencimiento (MM / AA)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Nombre en la tarjeta').fill(renter.name);
    await page.getByRole('button', { name: 'Pagar $39.00' }).click();
    await expect(page).toHaveURL(/\/success\?session_id=cs_local_[0-9a-f]{32}$/);
    await expect(page.getByText(/^order-[23456789A-HJKMNP-Z]{8}$/)).toBeVisible();
    // Paid: the form kept for a return from the payment page is gone.
    await page.goto('/checkout');
    await expect(page.getByLabel('Nombre completo')).toHaveValue('');
    await context.close();
  });
});
