import { expect, type Locator, test } from '@playwright/test';
import { choose, openTab, signIn, toast } from './support/admin';

test.describe('admin dashboard', () => {
  test('inventory: add units (with the spec messages), edit them in their details, bulk-change and delete them', async ({
    page,
  }) => {
    test.setTimeout(120_000); // three units added, then each opened in its dialog
    await signIn(page);
    await openTab(page, 'Inventory');
    const counts = page.getByRole('region', { name: 'Fleet counts' });
    await expect(counts.getByText('Total units')).toBeVisible();
    // The counts are those of the loaded list (0 until then).
    await expect(page.getByRole('checkbox', { name: /^Select unit / }).first()).toBeVisible();
    const totalBefore = Number((await counts.locator('p.text-2xl').first().textContent())!.replace(/,/g, ''));

    await page.getByRole('button', { name: 'Add Unit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Unit' });
    await dialog.getByRole('button', { name: 'Add Unit' }).click();
    for (const message of [
      'Unit model is required',
      'Serial number is required',
      'Brand is required',
      'Model number is required',
      'BTU rating is required',
      'Purchase date is required',
      'Purchase price is required',
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await dialog.getByLabel('BTU rating').fill('7000');
    await dialog.getByLabel('Purchase price (USD)').fill('-5');
    await dialog.getByRole('button', { name: 'Add Unit' }).click();
    await expect(dialog.getByText('BTU must be at least 8,000')).toBeVisible();
    await expect(dialog.getByText('Price must be positive')).toBeVisible();
    await page.keyboard.press('Escape');

    const prefix = `E2E-${Date.now().toString(36).toUpperCase()}`;
    for (const n of [1, 2, 3]) {
      await page.getByRole('button', { name: 'Add Unit' }).click();
      await choose(page, 'Unit model', /12,000-14,000/);
      await dialog.getByLabel('Serial number').fill(`${prefix}-${n}`);
      await dialog.getByLabel('Brand').fill('Whynter');
      await dialog.getByLabel('Model number').fill('ARC-14S');
      await dialog.getByLabel('BTU rating').fill('14000');
      await dialog.getByLabel('Purchase date').fill('2025-05-20');
      await dialog.getByLabel('Purchase price (USD)').fill('499.99');
      await dialog.getByRole('button', { name: 'Add Unit' }).click();
      await expect(dialog).toBeHidden();
    }
    await expect(counts.locator('p.text-2xl').first()).toHaveText((totalBefore + 3).toLocaleString('en-US'));

    await page.getByLabel('Search by serial').fill(prefix);
    // A unit's row is the one whose checkbox selects it; its details, status and notes open in a dialog.
    const rowSelecting = (name: string | RegExp) =>
      page.getByRole('row').filter({ has: page.getByRole('checkbox', { name, exact: true }) });
    const row = (n: number) => rowSelecting(`Select unit ${prefix}-${n}`);
    const ourRows = rowSelecting(new RegExp(`^Select unit ${prefix}-`));
    const openDetails = async (n: number) => {
      await row(n)
        .getByRole('button', { name: `Details of ${prefix}-${n}` })
        .click();
      const details = page.getByRole('dialog', { name: `Unit ${prefix}-${n}` });
      await expect(details).toBeVisible();
      return details;
    };
    await expect(ourRows).toHaveCount(3);
    await expect(row(1)).toContainText('14,000');
    await expect(row(1)).toContainText('available');

    // The details: what the unit is, its status and notes. What each change did shows in the dialog (a toast in the
    // corner would lie behind it, hidden from assistive technology), in its live region.
    const saidInDialog = (details: Locator) => details.getByRole('log', { name: 'Notices' });
    let details = await openDetails(1);
    await expect(details).toContainText('$499.99');
    await expect(details).toContainText('Whynter ARC-14S');
    await choose(page, `Status of ${prefix}-1`, 'maintenance');
    await expect(saidInDialog(details)).toContainText(`${prefix}-1 is now maintenance`);
    await details.getByRole('textbox', { name: `Notes for ${prefix}-1` }).fill('Compressor rattles');
    await details.getByRole('button', { name: `Save notes for ${prefix}-1` }).click();
    await expect(saidInDialog(details)).toContainText(`Notes saved for ${prefix}-1`);
    await expect(saidInDialog(details)).not.toContainText('is now maintenance');
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeHidden();
    await expect(row(1)).toContainText('maintenance');

    // Bulk: two of ours to damaged; 'rented' is not offered.
    await row(2)
      .getByRole('checkbox', { name: `Select unit ${prefix}-2` })
      .check();
    await row(3)
      .getByRole('checkbox', { name: `Select unit ${prefix}-3` })
      .check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByLabel('Set status to').click();
    await expect(page.getByRole('option', { name: 'rented' })).toHaveCount(0);
    await page.getByRole('option', { name: 'damaged' }).click();
    await page.getByRole('button', { name: 'Apply to selected' }).click();
    await expect(toast(page).getByText('2 units set to damaged')).toBeVisible();
    await expect(row(2).getByText('damaged', { exact: true })).toBeVisible();
    await expect(row(3).getByText('damaged', { exact: true })).toBeVisible();

    // Reload: the edits were saved on the server.
    await page.reload();
    await openTab(page, 'Inventory');
    await page.getByLabel('Search by serial').fill(prefix);
    await expect(row(1).getByText('maintenance', { exact: true })).toBeVisible();
    details = await openDetails(1);
    await expect(details.getByRole('textbox', { name: `Notes for ${prefix}-1` })).toHaveValue('Compressor rattles');
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeHidden();

    // Delete after the spec's confirmation.
    details = await openDetails(3);
    await details.getByRole('button', { name: `Delete unit ${prefix}-3` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete unit ${prefix}-3?` });
    await expect(confirm.getByText('Are you sure you want to delete this unit?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete Unit' }).click();
    await expect(toast(page).getByText(`Unit ${prefix}-3 was deleted`)).toBeVisible();
    await expect(details).toBeHidden();
    await expect(ourRows).toHaveCount(2);
  });

  test('inventory: the owner adds a unit model, edits its price and deactivates it; the catalog follows', async ({
    page,
    context,
  }) => {
    await signIn(page);
    await openTab(page, 'Inventory');
    const name = `E2E Compact ${Date.now().toString(36).toUpperCase()}`;
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: new RegExp(`^${name}`) }) });

    await page.getByRole('button', { name: 'New Unit Model' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Unit Model' });
    await dialog.getByRole('button', { name: 'Add Model' }).click();
    for (const message of ['Name is required', 'BTU tier is required', 'Choose single or dual hose']) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await expect(dialog.getByText('Weekly price is required')).toBeVisible();
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('BTU tier').fill('10,000');
    await choose(page, 'Hose type', 'Single hose');
    await dialog.getByLabel('Room size (optional)').fill('Rooms up to 300 sq ft');
    await dialog.getByLabel('Description (optional)').fill('A quiet compact unit for small bedrooms.');
    await dialog.getByLabel('Weekly price (USD)').fill('0.50');
    await dialog.getByRole('button', { name: 'Add Model' }).click();
    await expect(dialog.getByText('Write the BTU tier in thousands, such as 12-14k or 10k')).toBeVisible();
    await expect(dialog.getByText('Weekly price must be at least $1.00')).toBeVisible();
    await dialog.getByLabel('BTU tier').fill('10k');
    await dialog.getByLabel('Weekly price (USD)').fill('17');
    await dialog.getByRole('button', { name: 'Add Model' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page).getByText(`${name} added to the catalog`)).toBeVisible();
    await expect(row.getByRole('cell')).toHaveText([`${name}10k BTU`, '$17.00', '$39.00', '0', '0', 'active', /Edit/]);

    // The public catalog, in another tab: the new model is offered at its weekly price. A tab in the background
    // gets no animation frames, which Playwright's checks wait for: each tab is brought to the front to be used.
    const catalog = await context.newPage();
    const showCatalog = async () => {
      await catalog.bringToFront();
      await catalog.reload();
    };
    await catalog.goto('/catalog');
    const card = catalog.getByRole('listitem').filter({ has: catalog.getByRole('heading', { name, level: 2 }) });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('$17/week')).toBeVisible();
    // No unit yet: out of stock, so the card offers "Join the waitlist" instead of Rent Now.
    await expect(card.getByRole('button', { name: `Join the waitlist for the ${name}` })).toBeVisible();

    // Edit the weekly price; the dialog opens with what was saved.
    await page.bringToFront();
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(edit.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(edit.getByLabel('Weekly price (USD)')).toHaveValue('17');
    await edit.getByLabel('Weekly price (USD)').fill('21.5');
    await edit.getByRole('button', { name: 'Save Model' }).click();
    await expect(edit).toBeHidden();
    await expect(toast(page).getByText(`${name} updated`)).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toHaveText('$21.50');
    await showCatalog();
    await expect(card.getByText('$22/week')).toBeVisible();

    // Deactivate: out of the catalog, which keeps the two models of the business.
    await page.bringToFront();
    await page.getByRole('button', { name: `Deactivate ${name}` }).click();
    await expect(toast(page).getByText(`${name} is no longer offered`)).toBeVisible();
    await expect(row.getByRole('cell').nth(5)).toHaveText('inactive');
    await showCatalog();
    await expect(catalog.getByRole('link', { name: /^Rent Now: / })).toHaveCount(2);
    await expect(catalog.getByRole('heading', { name, level: 2 })).toHaveCount(0);
    await catalog.close();

    // A model with orders cannot be deleted: the dialog says why and offers deactivation instead.
    const reference = 'Portable AC 12,000-14,000 BTU';
    await page.getByRole('button', { name: `Delete ${reference}` }).click();
    const refuse = page.getByRole('dialog', { name: `Delete ${reference}?` });
    await expect(refuse.getByText(/which keep their unit model, so it cannot be deleted/)).toBeVisible();
    await expect(refuse.getByRole('button', { name: 'Deactivate Instead' })).toBeVisible();
    await refuse.getByRole('button', { name: 'Keep Model' }).click();
    await expect(refuse).toBeHidden();

    // Ours has neither orders nor units: deleted after the confirmation.
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
    await confirm.getByRole('button', { name: 'Delete Model' }).click();
    await expect(toast(page).getByText(`${name} was deleted`)).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
