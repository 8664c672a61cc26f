import { giveRoomyDeliveryCapacity } from '@tests/support/roomy-delivery-capacity';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCustomer } from '@/server/platform/db/factories';
import { agreements, customers, deliveryTasks, emailLogs, emailTemplates } from '@/server/platform/db/schema';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { signInAdmin } from '@tests/support/admin-client';
import { sendTemplatedEmail } from './templated-email';
import {
  emailsTo,
  goodCard,
  orderRow,
  pay,
  startCheckout,
  startPaymentsTestApp,
} from '@tests/support/payment-fixtures';
import { CUSTOMER_SESSION_COOKIE } from '@/server/platform/auth/customer-sessions';
import { nextIp } from '@tests/support/portal-fixtures';
import { pdfText } from '@tests/support/pdf-text';

/** Issue 13 item 4: the customer's language is kept on the server, and their e-mails and agreement follow it. */
const t = await startPaymentsTestApp();
// The owner books visits in this file's windows: the van's capacity is not what it tests (ADR 035).
await giveRoomyDeliveryCapacity(t.db);
const admin = await signInAdmin(t);

const spanishBrowser = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' };

async function customerOf(orderId: string) {
  const order = await orderRow(t, orderId);
  const [customer] = await t.db.select().from(customers).where(eq(customers.id, order.customerId));
  return customer!;
}

async function agreementOf(orderId: string) {
  const [agreement] = await t.db.select().from(agreements).where(eq(agreements.orderId, orderId));
  return agreement!;
}

describe('the language a customer checks out in', () => {
  it('is stored from Accept-Language on the customer and the agreement, and the confirmation is Spanish', async () => {
    const checkout = await startCheckout(t, { headers: spanishBrowser });
    expect((await customerOf(checkout.orderId)).locale).toBe('es');
    const agreement = await agreementOf(checkout.orderId);
    expect(agreement.locale).toBe('es');
    expect(agreement.html).toContain('<article data-agreement-version="1.1" lang="es">');
    expect(agreement.html).toContain('<h2>Resumen del contrato de renta</h2>');

    expect((await pay(t, checkout.sessionId, goodCard)).statusCode).toBe(200);
    const [confirmation] = (await emailsTo(t, checkout.orderId)).filter((log) =>
      log.subject.startsWith('Su renta de aire acondicionado está confirmada'),
    );
    expect(confirmation, 'a Spanish confirmation').toBeDefined();
    expect(confirmation!.body).toContain('Gracias por rentar con CoolRent OC.');
    expect(confirmation!.body).toMatch(/Fecha de inicio: \d{1,2} de [a-z]+ de \d{4}/);
    expect(confirmation!.body).toContain('Tarifa: $39.00 al mes (mínimo de 4 meses)');
    expect(confirmation!.body).not.toContain('{{');
  });

  it('prefers the remembered choice (cookie lang) over the browser', async () => {
    const checkout = await startCheckout(t, { headers: { ...spanishBrowser, cookie: 'lang=en' } });
    expect((await customerOf(checkout.orderId)).locale).toBe('en');
    expect((await agreementOf(checkout.orderId)).locale).toBe('en');
  });

  it('keeps an English customer in English', async () => {
    const checkout = await startCheckout(t, { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect((await customerOf(checkout.orderId)).locale).toBe('en');
    expect((await pay(t, checkout.sessionId, goodCard)).statusCode).toBe(200);
    const subjects = (await emailsTo(t, checkout.orderId)).map((log) => log.subject);
    expect(subjects).toContainEqual(expect.stringMatching(/^Your AC rental is confirmed \(/));
    expect(subjects.filter((subject) => subject.startsWith('Su '))).toEqual([]);
  });

  it('prints the agreement PDF in Spanish when it was signed in Spanish, the English one unchanged', async () => {
    const spanish = await startCheckout(t, { headers: spanishBrowser });
    const text = await pdfText((await agreementOf(spanish.orderId)).pdfData!);
    for (const phrase of [
      'Contrato de renta de CoolRent OC',
      'Dirección de entrega',
      'Resumen del contrato de renta',
      'Condiciones de pago',
      'Firma electrónica',
      'Firmado por',
    ]) {
      expect(text).toContain(phrase);
    }
    expect(text).not.toContain('Electronic signature');
    const english = await startCheckout(t);
    const englishText = await pdfText((await agreementOf(english.orderId)).pdfData!);
    expect(englishText).toContain('CoolRent OC Rental Agreement');
    expect(englishText).toContain('Electronic signature');
    expect(englishText).not.toContain('Firma electrónica');
  });
});

describe('e-mails in the customer language', () => {
  it('sends every system template in Spanish to a Spanish customer, and falls back to English if switched off', async () => {
    const customer = await createCustomer(t.db);
    await t.db.update(customers).set({ locale: 'es' }).where(eq(customers.id, customer.id));
    const sendSignInLink = () =>
      sendTemplatedEmail(t.db, t.deps.mailer, {
        templateType: 'sign_in_link',
        customerId: customer.id,
        recipientEmail: customer.email,
        values: {
          customerName: 'Ana',
          orderNumber: 'order-ABCD2345',
          signInUrl: 'https://coolrent.example/auth/link/x',
          businessPhone: '(714) 555-0100',
          businessEmail: 'hello@coolrent.example',
        },
      });
    const log = await sendSignInLink();
    expect(log.subject).toBe('Su enlace para entrar a su renta de aire acondicionado (order-ABCD2345)');
    expect(log.body).toContain('Hola, Ana:');

    await t.db
      .update(emailTemplates)
      .set({ isActive: false })
      .where(eq(emailTemplates.name, 'Enlace para entrar (Español)'));
    try {
      const fallback = await sendSignInLink();
      expect(fallback.subject).toBe('Your sign-in link for your AC rental (order-ABCD2345)');
    } finally {
      await t.db
        .update(emailTemplates)
        .set({ isActive: true })
        .where(eq(emailTemplates.name, 'Enlace para entrar (Español)'));
    }
  });
});

describe('values written into a Spanish e-mail', () => {
  it('books a delivery for a Spanish customer with the day in Spanish', async () => {
    const checkout = await startCheckout(t, { headers: spanishBrowser });
    expect((await pay(t, checkout.sessionId, goodCard)).statusCode).toBe(200);
    const [task] = await t.db.select().from(deliveryTasks).where(eq(deliveryTasks.orderId, checkout.orderId));
    const response = await admin.request({
      method: 'POST',
      url: `/api/admin/deliveries/${task!.id}/schedule`,
      payload: { scheduledDate: addDays(todayInLosAngeles(t.deps.clock.now()), 1), timeWindow: 'morning' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const customer = await customerOf(checkout.orderId);
    const logs = await t.db.select().from(emailLogs).where(eq(emailLogs.customerId, customer.id));
    const scheduled = logs.find((log) => log.subject.startsWith('Su entrega de aire acondicionado está programada'));
    expect(scheduled, logs.map((log) => log.subject).join('\n')).toBeDefined();
    expect(scheduled!.subject).toMatch(
      /programada: (lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de [a-z]+ de \d{4}$/,
    );
    expect(scheduled!.body).toContain('entre 8 a.m.-11 a.m.,');
  });
});

describe('PUT /api/portal/locale', () => {
  it('saves the signed-in customer language; refuses bad input and strangers', async () => {
    const checkout = await startCheckout(t);
    expect((await pay(t, checkout.sessionId, goodCard)).statusCode).toBe(200);
    const order = await orderRow(t, checkout.orderId);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/account-access',
      payload: { orderNumber: order.orderNumber, email: checkout.email },
      remoteAddress: nextIp(),
    });
    expect(signIn.statusCode).toBe(200);
    const session = signIn.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE)!.value;
    const put = (payload: unknown, cookies: Record<string, string> = { [CUSTOMER_SESSION_COOKIE]: session }) =>
      t.app.inject({ method: 'PUT', url: '/api/portal/locale', cookies, payload: payload as object });

    expect((await put({ locale: 'es' })).statusCode).toBe(204);
    expect((await customerOf(checkout.orderId)).locale).toBe('es');

    const bad = await put({ locale: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Language must be "en" or "es"/);
    expect((await put({})).statusCode).toBe(400);
    expect((await customerOf(checkout.orderId)).locale).toBe('es');

    expect((await put({ locale: 'en' }, {})).statusCode).toBe(404);
    expect((await customerOf(checkout.orderId)).locale).toBe('es');
    expect((await put({ locale: 'en' })).statusCode).toBe(204);
    expect((await customerOf(checkout.orderId)).locale).toBe('en');
  });
});
