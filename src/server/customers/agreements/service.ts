import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { AGREEMENT_VERSION } from '@/contracts/agreement/text';
import type { PlanType } from '@/contracts/admin/orders';
import type { AgreementResult } from '@/contracts/agreements';
import type { SiteInfo } from '@/contracts/site';
import { DEFAULT_LOCALE, type Locale } from '@/contracts/locale';
import type { Db } from '@/server/platform/db/client';
import { agreements, customers, orders, unitModels } from '@/server/platform/db/schema';
import { Conflict, NotFound } from '@/server/platform/errors';
import { renderAgreementPdf } from './pdf';
import { agreementPdfBlocks, renderAgreementHtml } from './agreement-text';
import { modelNameForCustomer } from '@/server/platform/db/model-name';

export interface SignAgreementInput {
  orderId: string;
  typedName: string;
  checkboxTimestamp?: string;
}

export interface SigningContext {
  /** The order this browser's checkout cookie names: only that browser may sign for the order. */
  checkoutOrderId: string | null;
  ipAddress: string | null;
  /** The language the agreement was shown in (the request's): recorded, and the PDF and HTML are in it. */
  locale?: Locale;
  now: Date;
}

const orderNotFound = () => new NotFound('Order not found');
/** A box ticked more than a day before signing, or in the future, is not believed: the server's time is kept. */
const CHECKBOX_TRUST_MS = 24 * 60 * 60 * 1000;

export const agreementPdfPath = (agreementId: string) => `/api/agreements/${agreementId}/pdf`;

/**
 * Records the signed agreement for a pending order started in this browser: the typed name, both timestamps, the
 * IP address, the version and the exact HTML shown, with its PDF. Signing twice keeps the first signature.
 */
export async function signAgreement(
  deps: { db: Db; contact: SiteInfo },
  input: SignAgreementInput,
  context: SigningContext,
): Promise<{ agreement: AgreementResult; created: boolean }> {
  if (context.checkoutOrderId !== input.orderId) throw orderNotFound();
  const { now } = context;

  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ order: orders, customer: customers, modelName: modelNameForCustomer() })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .innerJoin(unitModels, eq(unitModels.id, orders.modelId))
      .where(eq(orders.id, input.orderId))
      .for('update', { of: orders });
    if (!row) throw orderNotFound();
    const { order, customer } = row;

    const [existing] = await tx
      .select({ id: agreements.id, pdfUrl: agreements.pdfUrl })
      .from(agreements)
      .where(eq(agreements.orderId, order.id))
      .orderBy(desc(agreements.createdAt))
      .limit(1);
    if (existing) return { agreement: { id: existing.id, pdfUrl: existing.pdfUrl! }, created: false };
    if (order.status !== 'pending') throw new Conflict('This order can no longer be signed.');

    const locale = context.locale ?? DEFAULT_LOCALE;
    // The summary, and the PDF's rental details, are those of the order's plan (monthly or weekly, issue 29).
    const planType: PlanType = order.type === 'weekly' ? 'weekly' : 'monthly';
    const html = renderAgreementHtml(deps.contact, locale, planType);
    const checkboxTimestamp = plausibleCheckboxTime(input.checkboxTimestamp, now);
    const pdfData = await renderAgreementPdf({
      version: AGREEMENT_VERSION,
      orderNumber: order.orderNumber,
      customer: { name: customer.name, email: customer.email, phone: customer.phone },
      address: { street: order.address, city: order.city, zipCode: order.zipCode, buildingNotes: order.buildingNotes },
      unitModel: row.modelName,
      btuTier: order.btuTier,
      startDate: order.startDate,
      planType,
      priceCents: order.priceCents,
      monthsMin: order.monthsMin,
      typedName: input.typedName,
      signedAt: now,
      checkboxTimestamp,
      ipAddress: context.ipAddress,
      terms: agreementPdfBlocks(deps.contact, locale, planType),
      contact: deps.contact,
      locale,
    });
    const id = randomUUID();
    await tx.insert(agreements).values({
      id,
      orderId: order.id,
      html,
      pdfUrl: agreementPdfPath(id),
      pdfData,
      signedAt: now,
      ipAddress: context.ipAddress?.slice(0, 45) ?? null,
      typedName: input.typedName,
      checkboxTimestamp,
      version: AGREEMENT_VERSION,
      locale,
    });
    return { agreement: { id, pdfUrl: agreementPdfPath(id) }, created: true };
  });
}

function plausibleCheckboxTime(value: string | undefined, now: Date): Date {
  if (!value) return now;
  const ticked = new Date(value);
  const age = now.getTime() - ticked.getTime();
  return age >= 0 && age <= CHECKBOX_TRUST_MS ? ticked : now;
}

/** The stored PDF with what decides who may read it. */
export async function findAgreementFile(db: Db, agreementId: string) {
  const [row] = await db
    .select({
      pdfData: agreements.pdfData,
      orderId: agreements.orderId,
      customerId: orders.customerId,
      orderNumber: orders.orderNumber,
    })
    .from(agreements)
    .innerJoin(orders, eq(orders.id, agreements.orderId))
    .where(eq(agreements.id, agreementId));
  return row ?? null;
}
