import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureReferenceData } from './reference-data';
import { systemEmailTemplates } from './system-email-templates';
import { unitModelCatalog } from './unit-model-catalog';
import { emailTemplates, unitModels } from './schema';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-app';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());
// Each test starts from an empty (migrated) database, as a first production start does.
beforeEach(async () => {
  await t.db.delete(emailTemplates);
  await t.db.delete(unitModels);
});

const modelNames = async () => (await t.db.select().from(unitModels)).map((model) => model.name).sort();

describe('reference data', () => {
  it('gives an empty database both unit models and every system e-mail template, once', async () => {
    expect(await ensureReferenceData(t.db)).toEqual({
      unitModels: 2,
      emailTemplates: systemEmailTemplates.length,
    });
    expect(await ensureReferenceData(t.db)).toEqual({ unitModels: 0, emailTemplates: 0 });

    const models = await t.db.select().from(unitModels);
    expect(
      models.map(({ name, btuTier, monthlyPrice, weeklyPrice, hoseType, active }) => ({
        name,
        btuTier,
        monthlyPrice,
        weeklyPrice,
        hoseType,
        active,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          name: 'Portable AC 10,000 BTU',
          btuTier: '8-10k',
          monthlyPrice: 3900,
          weeklyPrice: 1500,
          hoseType: 'single',
          active: true,
        },
        {
          name: 'Portable AC 12,000-14,000 BTU',
          btuTier: '12-14k',
          monthlyPrice: 3900,
          weeklyPrice: 1900,
          hoseType: 'dual',
          active: true,
        },
      ]),
    );
    const templates = await t.db.select().from(emailTemplates);
    expect(templates.map((tpl) => tpl.templateType).sort()).toEqual(
      systemEmailTemplates.map((tpl) => tpl.templateType).sort(),
    );
  });

  it('renames the small model from its first name (8,000-10,000 BTU), only where the owner never renamed it', async () => {
    await ensureReferenceData(t.db);
    const [small] = await t.db.select().from(unitModels).where(eq(unitModels.btuTier, '8-10k'));
    await t.db.update(unitModels).set({ name: 'Portable AC 8,000-10,000 BTU' }).where(eq(unitModels.id, small!.id));
    await ensureReferenceData(t.db);
    const [renamed] = await t.db.select().from(unitModels).where(eq(unitModels.id, small!.id));
    expect(renamed!.name).toBe('Portable AC 10,000 BTU');
    await t.db.update(unitModels).set({ name: 'Bedroom AC' }).where(eq(unitModels.id, small!.id));
    await ensureReferenceData(t.db);
    const [kept] = await t.db.select().from(unitModels).where(eq(unitModels.id, small!.id));
    expect(kept!.name).toBe('Bedroom AC');
  });

  it("keeps the owner's catalog: a renamed, repriced, deactivated or deleted model does not come back", async () => {
    await ensureReferenceData(t.db);
    await t.db
      .update(unitModels)
      .set({ name: 'Compact AC', weeklyPrice: 1700, active: false })
      .where(eq(unitModels.btuTier, '8-10k'));
    await t.db.delete(unitModels).where(eq(unitModels.btuTier, '12-14k'));

    expect(await ensureReferenceData(t.db)).toMatchObject({ unitModels: 0 });
    const models = await t.db.select().from(unitModels);
    expect(models).toHaveLength(1);
    expect(models[0]).toMatchObject({ name: 'Compact AC', weeklyPrice: 1700, active: false });
  });

  it('does not add the reference models beside a catalog the owner built', async () => {
    await t.db.insert(unitModels).values({ ...unitModelCatalog.medium, name: 'Window-vent AC 14,000 BTU' });
    expect(await ensureReferenceData(t.db)).toMatchObject({ unitModels: 0 });
    expect(await modelNames()).toEqual(['Window-vent AC 14,000 BTU']);
  });

  it("gives a missing system e-mail type its template, keeping the owner's edits to the others", async () => {
    await ensureReferenceData(t.db);
    // The owner rewrote one, and an upgrade brought a type the database did not have.
    await t.db
      .update(emailTemplates)
      .set({ subject: 'Thanks! Order {{orderNumber}}' })
      .where(eq(emailTemplates.templateType, 'order_confirmation'));
    await t.db.delete(emailTemplates).where(eq(emailTemplates.templateType, 'cancellation_decision'));

    // The type comes back in both languages (ADR 026).
    expect(await ensureReferenceData(t.db)).toEqual({ unitModels: 0, emailTemplates: 2 });
    const templates = await t.db.select().from(emailTemplates);
    expect(templates).toHaveLength(systemEmailTemplates.length);
    expect(templates.find((tpl) => tpl.templateType === 'order_confirmation')!.subject).toBe(
      'Thanks! Order {{orderNumber}}',
    );
  });

  it('brings an unedited delivery_scheduled up to the text with the time window; an edited one stays', async () => {
    await ensureReferenceData(t.db);
    const first = {
      subject: 'Your AC delivery is scheduled for {{deliveryDate}}',
      body:
        'Hi {{customerName}},\n\nYour portable AC for order {{orderNumber}} will be delivered and installed on ' +
        '{{deliveryDate}} at {{address}}. Please make sure a window or wall vent and a standard 115V outlet are ' +
        'accessible.\n\nTo change the date, call {{businessPhone}}.',
    };
    const delivery = eq(emailTemplates.templateType, 'delivery_scheduled');
    await t.db.update(emailTemplates).set(first).where(delivery);
    await ensureReferenceData(t.db);
    const [upgraded] = await t.db.select().from(emailTemplates).where(delivery);
    expect(upgraded!.body).toContain('{{deliveryDate}} between {{deliveryWindow}}');

    await t.db
      .update(emailTemplates)
      .set({ ...first, body: `${first.body} Thanks!` })
      .where(delivery);
    await ensureReferenceData(t.db);
    const [edited] = await t.db.select().from(emailTemplates).where(delivery);
    expect(edited!.body).toBe(`${first.body} Thanks!`);
  });

  it('brings an unedited payment_receipt, in each language, up to the text that lists its lines', async () => {
    await ensureReferenceData(t.db);
    const receipt = (locale: 'en' | 'es') =>
      and(eq(emailTemplates.templateType, 'payment_receipt'), eq(emailTemplates.locale, locale));
    const first = {
      en: 'Hi {{customerName}},\n\nThank you: we received {{amount}} on {{paidDate}} for order {{orderNumber}}, covering {{period}}.\n\nYour invoices and next bill: {{portalUrl}}\n\nQuestions? Call {{businessPhone}}.',
      es: 'Hola, {{customerName}}:\n\nGracias: recibimos {{amount}} el {{paidDate}} por el pedido {{orderNumber}}, que cubre {{period}}.\n\nSus facturas y su próximo cobro: {{portalUrl}}\n\n¿Preguntas? Llame al {{businessPhone}}.',
    };
    await t.db.update(emailTemplates).set({ body: first.en }).where(receipt('en'));
    await t.db.update(emailTemplates).set({ body: first.es }).where(receipt('es'));
    await ensureReferenceData(t.db);
    for (const locale of ['en', 'es'] as const) {
      const [upgraded] = await t.db.select().from(emailTemplates).where(receipt(locale));
      expect(upgraded!.body).toContain('{{lines}}');
      expect(upgraded!.body).not.toContain('{{period}}');
    }
    // The owner's own words stay.
    await t.db
      .update(emailTemplates)
      .set({ body: `${first.es} ¡Gracias!` })
      .where(receipt('es'));
    await ensureReferenceData(t.db);
    const [edited] = await t.db.select().from(emailTemplates).where(receipt('es'));
    expect(edited!.body).toBe(`${first.es} ¡Gracias!`);
  });

  it('creates the catalog once when several instances start together', async () => {
    const runs = await Promise.all([1, 2, 3].map(() => ensureReferenceData(t.db)));
    expect(runs.map((run) => run.unitModels).sort()).toEqual([0, 0, 2]);
    expect(await modelNames()).toHaveLength(2);
  });
});
