import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { agreementClauses } from '@/contracts/agreement/text';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { createCustomer, createOrder, createUnitModel } from '@/server/platform/db/factories';
import { agreements } from '@/server/platform/db/schema';
import { pdfText } from '@tests/support/pdf-text';
import { createTestApp } from '@tests/support/test-app';
import { renderAgreementHtml } from './agreement-text';
import { signAgreement } from './service';

const t = await createTestApp();
afterAll(async () => t.close());

const contact = { phone: '(714) 555-0100', email: 'hello@coolrent.example' };

describe("a weekly rental's agreement summary (issue 29)", () => {
  it('differs from the monthly one only in the rate, the term and the cancellation, in both languages', () => {
    for (const locale of ['en', 'es'] as const) {
      const monthly = agreementClauses(locale).summary;
      const weekly = agreementClauses(locale, 'weekly').summary;
      expect(agreementClauses(locale, 'monthly').summary).toBe(monthly);
      expect(weekly).toHaveLength(monthly.length);
      const changed = weekly.flatMap((clause, index) => (clause === monthly[index] ? [] : [index]));
      expect(changed).toEqual([0, 1, 3]);
      // The full terms are the same for both plans.
      expect(agreementClauses(locale, 'weekly', contact).terms).toEqual(
        agreementClauses(locale, 'monthly', contact).terms,
      );
    }
    const [rate, term, , cancellation] = agreementClauses('en', 'weekly').summary;
    expect(rate).toContain('every 7 days');
    expect(term).toContain('No minimum term');
    expect(cancellation).toBe(
      'No early termination fee: cancel any time, and the rental ends at the end of the week you have paid for (your next bill date), with no further charge.',
    );
    expect(agreementClauses('es', 'weekly').summary[3]).toContain('al final de la semana que ya pagó');
  });

  it('keeps the monthly agreement as recorded when no plan is named', () => {
    expect(renderAgreementHtml(contact, 'en', 'monthly')).toBe(renderAgreementHtml(contact));
    expect(renderAgreementHtml(contact, 'en', 'weekly')).not.toBe(renderAgreementHtml(contact));
  });
});

describe('signing a weekly order', () => {
  it("records the weekly summary and prints the weekly plan's rental details in the PDF", async () => {
    const model = await createUnitModel(t.db);
    const customer = await createCustomer(t.db);
    const order = await createOrder(t.db, {
      customerId: customer.id,
      modelId: model.id,
      type: 'weekly',
      priceCents: model.weeklyPrice,
      monthsMin: 0,
      startDate: addDays(todayInLosAngeles(), 2),
      status: 'pending',
    });
    const signed = await signAgreement(
      { db: t.db, contact },
      { orderId: order.id, typedName: 'Jordan Rivera' },
      { checkoutOrderId: order.id, ipAddress: '203.0.113.7', now: new Date() },
    );
    expect(signed.created).toBe(true);
    const [row] = await t.db.select().from(agreements).where(eq(agreements.id, signed.agreement.id));
    expect(row!.html).toBe(renderAgreementHtml(contact, 'en', 'weekly'));
    expect(row!.html).toContain('Weekly rental at the weekly rate shown in our catalog');
    expect(row!.html).not.toContain('Monthly rental at');

    const text = (await pdfText(row!.pdfData!)).replace(/\s+/g, ' ');
    expect(text).toContain('Plan: Weekly');
    expect(text).toContain('Price: $19.00 per week');
    expect(text).toContain('Minimum term: None');
    expect(text).toContain('Cancellation: any time, effective at the end of the week already paid for');
    expect(text).not.toContain('Early termination before');
  });
});
