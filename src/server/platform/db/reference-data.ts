import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { emailTemplates, unitModels } from './schema';
import { systemEmailTemplates } from './system-email-templates';
import { unitModelCatalog } from './unit-model-catalog';

/**
 * Reference data: what the business needs in every environment, production included, before it can take an order
 * (the catalog's unit models, ./unit-model-catalog.ts; the e-mail templates the system sends,
 * ./system-email-templates.ts). Created at every start and by `npm run db:migrate`, only where missing, so the
 * owner's edits are never undone (ADR 017). Demo customers, units and orders are not reference data: they live in
 * seed.ts and never reach production.
 */

/**
 * Creates the reference unit models when the database has no unit model at all (a first start). Once any model
 * exists the owner's catalog is theirs: a renamed, repriced or deactivated model is not created again beside it.
 * Returns how many it added.
 */
export async function ensureReferenceUnitModels(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL must not both create the catalog.
    await tx.execute(sql`select pg_advisory_xact_lock(727005)`);
    const [row] = await tx.select({ n: count() }).from(unitModels);
    if ((row?.n ?? 0) > 0) return 0;
    const models = Object.values(unitModelCatalog);
    await tx.insert(unitModels).values(models);
    return models.length;
  });
}

/** The small model's first name, which read as if 8,000 BTU units were rented (issue 13). */
const FORMER_SMALL_MODEL_NAME = 'Portable AC 8,000-10,000 BTU';

/**
 * Renames the small reference model where it still has its first, contradicting name: a name the owner never
 * changed. A model the owner renamed keeps its name, and no second model is given a name already taken.
 */
export async function renameUneditedSmallModel(db: Db): Promise<void> {
  const name = unitModelCatalog.small.name;
  await db.execute(sql`
    update ${unitModels} set name = ${name}
    where ${unitModels.name} = ${FORMER_SMALL_MODEL_NAME} and ${unitModels.btuTier} = '8-10k'
      and not exists (select 1 from ${unitModels} taken where lower(taken.name) = lower(${name}))`);
}

/**
 * Earlier reference texts of system templates, replaced by the current one in the same language only where the
 * owner never edited them (the stored subject and body still equal the old text exactly). The first
 * delivery_scheduled had no window; the first payment_receipt said only the amount, not its lines (issue 27); the first order_confirmation promised a call
 * to book the delivery, which the checkout now books (issue 30).
 */
const supersededTemplates: ReadonlyArray<{ templateType: string; locale: string; subject: string; body: string }> = [
  {
    templateType: 'delivery_scheduled',
    locale: 'en',
    subject: 'Your AC delivery is scheduled for {{deliveryDate}}',
    body:
      'Hi {{customerName}},\n\nYour portable AC for order {{orderNumber}} will be delivered and installed on ' +
      '{{deliveryDate}} at {{address}}. Please make sure a window or wall vent and a standard 115V outlet are ' +
      'accessible.\n\nTo change the date, call {{businessPhone}}.',
  },
  {
    templateType: 'payment_receipt',
    locale: 'en',
    subject: 'Receipt: {{amount}} paid for your AC rental ({{orderNumber}})',
    body:
      'Hi {{customerName}},\n\nThank you: we received {{amount}} on {{paidDate}} for order {{orderNumber}}, ' +
      'covering {{period}}.\n\nYour invoices and next bill: {{portalUrl}}\n\nQuestions? Call {{businessPhone}}.',
  },
  {
    templateType: 'payment_receipt',
    locale: 'es',
    subject: 'Recibo: {{amount}} pagado por su renta de aire acondicionado ({{orderNumber}})',
    body:
      'Hola, {{customerName}}:\n\nGracias: recibimos {{amount}} el {{paidDate}} por el pedido {{orderNumber}}, ' +
      'que cubre {{period}}.\n\nSus facturas y su próximo cobro: {{portalUrl}}\n\n¿Preguntas? Llame al {{businessPhone}}.',
  },
  {
    templateType: 'order_confirmation',
    locale: 'en',
    subject: 'Your AC rental is confirmed ({{orderNumber}})',
    body:
      'Hi {{customerName}},\n\nThank you for renting with CoolRent OC. Your order {{orderNumber}} is confirmed.\n\n' +
      'Unit: {{unitModel}}\nStart date: {{startDate}}\nRate: {{rate}}\nDelivery address: {{address}}\n\n' +
      'We will call you within 24 hours to schedule delivery. Your signed rental agreement is attached.\n\n' +
      'Manage your rental at any time: {{portalUrl}}\n\nQuestions? Call {{businessPhone}} or write to {{businessEmail}}.',
  },
  {
    templateType: 'order_confirmation',
    locale: 'es',
    subject: 'Su renta de aire acondicionado está confirmada ({{orderNumber}})',
    body:
      'Hola, {{customerName}}:\n\nGracias por rentar con CoolRent OC. Su pedido {{orderNumber}} está confirmado.\n\n' +
      'Unidad: {{unitModel}}\nFecha de inicio: {{startDate}}\nTarifa: {{rate}}\nDirección de entrega: {{address}}\n\n' +
      'Le llamaremos dentro de las próximas 24 horas para programar la entrega. Adjuntamos su contrato de renta firmado.\n\n' +
      'Administre su renta en cualquier momento: {{portalUrl}}\n\n¿Preguntas? Llame al {{businessPhone}} o escriba a {{businessEmail}}.',
  },
];

async function upgradeUneditedTemplates(tx: Db): Promise<void> {
  for (const old of supersededTemplates) {
    const current = systemEmailTemplates.find(
      (template) => template.templateType === old.templateType && template.locale === old.locale,
    )!;
    await tx
      .update(emailTemplates)
      .set({ subject: current.subject, body: current.body })
      .where(
        and(
          eq(emailTemplates.templateType, old.templateType),
          eq(emailTemplates.locale, old.locale),
          eq(emailTemplates.subject, old.subject),
          eq(emailTemplates.body, old.body),
        ),
      );
  }
}

/**
 * Gives every system e-mail type a template when it has none (a new type after an upgrade, or a first start in
 * production), leaving the owner's edits alone. Returns how many it added.
 */
export async function ensureSystemTemplates(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727004)`);
    const present = new Set(
      (await tx.select({ type: emailTemplates.templateType, locale: emailTemplates.locale }).from(emailTemplates)).map(
        (row) => `${row.type}:${row.locale}`,
      ),
    );
    const missing = systemEmailTemplates.filter(
      (template) => !present.has(`${template.templateType}:${template.locale}`),
    );
    if (missing.length > 0) await tx.insert(emailTemplates).values([...missing]);
    await upgradeUneditedTemplates(tx);
    return missing.length;
  });
}

/** Everything the business needs to open, where missing: unit models first, then the system's e-mail templates. */
export async function ensureReferenceData(db: Db): Promise<{ unitModels: number; emailTemplates: number }> {
  const added = await ensureReferenceUnitModels(db);
  await renameUneditedSmallModel(db);
  return { unitModels: added, emailTemplates: await ensureSystemTemplates(db) };
}
