import { describe, expect, it } from 'vitest';
import { agreementInput } from '@/contracts/agreements';
import { business } from '@/contracts/business';
import { checkoutRegistration, dormAnswerRequired, startDateInThePast, startDateTooLate } from '@/contracts/checkout';
import { contactMessageInput, contactMessageSent } from '@/contracts/contact';
import { cardPaymentInput } from '@/contracts/payments';
import { serviceRequestMessages } from '@/contracts/service-requests';
import { dormRefusal, leadThanks, outOfAreaMessage, unknownZipMessage } from '@/contracts/service-area';
import { errors } from '@/i18n/en/errors';
import { pay } from '@/i18n/en/pay';
import { formatMiles } from '@/contracts/checkout-terms';
import { translator } from '@/i18n/translator';
import { findServerMessage, messageMatcher, translateFieldErrors, translateServerMessage } from './server-message';

const es = translator('es', 'errors');
const en = translator('en', 'errors');

/** Every message a schema gives for `input`, by field. */
function messagesOf(
  schema: { safeParse: (input: unknown) => { error?: { issues: { message: string }[] } } },
  input: unknown,
) {
  return schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
}

describe('translateServerMessage', () => {
  it('translates a known message by its exact English text', () => {
    expect(translateServerMessage(es, 'Please enter a valid email address')).toBe(
      'Ingrese un correo electrónico válido',
    );
    expect(translateServerMessage(es, contactMessageSent)).toBe(
      'Gracias: su mensaje fue enviado. Respondemos en un día hábil.',
    );
    expect(translateServerMessage(es, dormRefusal)).toMatch(/^Lo sentimos, no podemos entregar/);
    expect(translateServerMessage(es, dormAnswerRequired)).toMatch(/^Indíquenos/);
  });

  it('translates why the portal offers no service visit: a rental not active, a unit not delivered yet', () => {
    expect(translateServerMessage(es, serviceRequestMessages.notActive)).toBe(
      'Solo se puede pedir una visita de servicio para una renta activa.',
    );
    expect(translateServerMessage(es, serviceRequestMessages.notDelivered)).toBe(
      'Podrá pedir una visita de servicio cuando su unidad haya sido entregada.',
    );
  });

  it('keeps the varying parts of a message with placeholders', () => {
    expect(translateServerMessage(es, startDateTooLate)).toBe(
      `La fecha de inicio debe estar dentro de los próximos ${business.latestStartDays} días`,
    );
    expect(translateServerMessage(es, outOfAreaMessage('90210', 41.4, 35))).toBe(
      'Todavía no entregamos en el código postal 90210: está a 41 millas de nuestro almacén y damos servicio dentro de 35 millas.',
    );
    expect(translateServerMessage(es, unknownZipMessage('00000'))).toBe(
      'No encontramos el código postal 00000. Revíselo e intente de nuevo.',
    );
    expect(translateServerMessage(es, leadThanks('92701'))).toContain('92701');
  });

  it('gives the English text back in English, and for a message it does not know', () => {
    expect(translateServerMessage(en, startDateInThePast)).toBe(startDateInThePast);
    expect(translateServerMessage(en, outOfAreaMessage('90210', 41.4, 35))).toBe(outOfAreaMessage('90210', 41.4, 35));
    expect(translateServerMessage(es, 'Some message nobody catalogued')).toBe('Some message nobody catalogued');
    expect(translateServerMessage(es, 'Start date must be within the next')).toBe('Start date must be within the next');
    expect(translateServerMessage(es, undefined)).toBeUndefined();
    expect(findServerMessage('Not found at all')).toBeUndefined();
  });

  it('translates the per-field messages of a 400', () => {
    expect(translateFieldErrors(es, { name: 'Name must be at least 2 characters', other: 'Unknown words' })).toEqual({
      name: 'El nombre debe tener al menos 2 caracteres',
      other: 'Unknown words',
    });
  });

  it('knows every message of the forms it serves (contact, checkout, agreement, payment), verbatim', () => {
    const shown = [
      ...messagesOf(contactMessageInput, {}),
      ...messagesOf(contactMessageInput, { name: 'x', email: 'nope', phone: '12', message: 'short' }),
      ...messagesOf(contactMessageInput, { name: 'x'.repeat(300), email: 'a@b.co', message: 'x'.repeat(5001) }),
      ...messagesOf(checkoutRegistration, {}),
      ...messagesOf(checkoutRegistration, {
        planType: 'weekly',
        name: 'x',
        email: 'nope',
        phone: '123',
        address: 'x',
        city: 'x'.repeat(101),
        zipCode: '1',
        buildingNotes: 'x'.repeat(1001),
        startDate: '2001-01-01',
        deliveryToDorm: true,
      }),
      ...messagesOf(checkoutRegistration, { startDate: '2999-01-01', city: 'x' }),
      ...messagesOf(agreementInput, { orderId: 'x', typedName: 'x', agreed: false }),
      ...messagesOf(cardPaymentInput, {}),
      ...messagesOf(cardPaymentInput, { cardNumber: '4242 4242 4242 4241', expiry: '01 / 20', cvc: '1', name: ' ' }),
    ];
    expect(shown.length).toBeGreaterThan(25);
    const unknown = [...new Set(shown)].filter((message) => findServerMessage(message) === undefined);
    expect(unknown).toEqual([]);
    for (const message of shown) expect(translateServerMessage(es, message)).not.toBe(message);
  });

  it('has a Spanish message different from the English one for every server message', () => {
    const same = Object.keys(errors.server).filter(
      (key) => es(`server.${key as keyof typeof errors.server}`) === en(`server.${key as keyof typeof errors.server}`),
    );
    expect(same).toEqual([]);
  });

  it("matches another catalog's templates too: the payment page's descriptions as the server writes them", () => {
    const describe = messageMatcher<keyof typeof pay.descriptions>(pay.descriptions);
    const esPay = translator('es', 'pay');
    const monthly = describe('Monthly AC Rental (order-ABCD2345)');
    expect(monthly).toEqual({ key: 'monthly', values: { order: 'order-ABCD2345' } });
    expect(esPay('descriptions.monthly', { order: monthly!.values.order! })).toBe(
      'Renta mensual de aire acondicionado (order-ABCD2345)',
    );
    expect(describe(`Delivery (${formatMiles(15.1)} from our depot)`)).toEqual({
      key: 'delivery',
      values: { distance: '15.1 mi' },
    });
    expect(describe('Update your payment method')?.key).toBe('updateCard');
    expect(describe('Something else')).toBeUndefined();
  });
});
