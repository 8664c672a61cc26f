import { describe, expect, it } from 'vitest';
import { checkoutRegistration, dormAnswerRequired, startDateInThePast, startDateTooLate } from '@/contracts/checkout';
import { noWindowMessage, windowFullMessage, windowNotOfferedMessage } from '@/contracts/delivery-windows';
import { dormPolicy, dormQuestion, dormRefusal } from '@/contracts/service-area';
import { checkout } from '@/i18n/en/checkout';
import { translator } from '@/i18n/translator';
import { translateServerMessage } from '@/web/i18n/server-message';
import { ApiError } from '@/web/lib/api';
import { WINDOW_FULL_CODE } from '@/contracts/delivery-window-terms';
import { isDeliveryWindowRefusal, isOutOfStockMessage } from './messages';

const en = translator('en', 'errors');
const es = translator('es', 'errors');
const translateCheckoutMessage = translateServerMessage;

describe('the checkout page in both languages', () => {
  it('keeps the spec and contract texts verbatim in English', () => {
    expect(checkout.dorm.question).toBe(dormQuestion);
    expect(checkout.dorm.policy).toBe(dormPolicy);
    for (const message of [dormAnswerRequired, dormRefusal, startDateInThePast, startDateTooLate]) {
      expect(translateCheckoutMessage(en, message)).toBe(message);
      expect(translateCheckoutMessage(es, message)).not.toBe(message);
    }
  });

  it('shows every message of the shared registration schema in Spanish', () => {
    const result = checkoutRegistration.safeParse({
      planType: 'monthly',
      startDate: '',
      name: 'A',
      email: 'nope',
      phone: '12',
      address: 'x',
      city: '',
      zipCode: '1',
      buildingNotes: 'x'.repeat(1001),
    });
    expect(result.success).toBe(false);
    const messages = new Set(result.error!.issues.map((issue) => issue.message));
    expect(messages.size).toBeGreaterThanOrEqual(8);
    for (const message of messages) {
      expect(translateCheckoutMessage(en, message)).toBe(message);
      expect(translateCheckoutMessage(es, message), message).not.toBe(message);
    }
    expect(translateCheckoutMessage(es, 'Please enter a valid email address')).toBe(
      'Ingrese un correo electrónico válido',
    );
  });

  it('recognises the out-of-stock refusal and leaves unknown messages as they came', () => {
    const refusal = 'Sorry, that AC unit is out of stock right now. Please choose another model or check back later.';
    expect(isOutOfStockMessage(refusal)).toBe(true);
    expect(isOutOfStockMessage('This checkout is already paid. Please check your e-mail for the confirmation.')).toBe(
      false,
    );
    expect(translateCheckoutMessage(es, 'Something else')).toBe('Something else');
  });

  it('says the delivery-window refusals in Spanish, keeping the earliest date the server named', () => {
    const refusals = [
      windowFullMessage,
      windowNotOfferedMessage,
      noWindowMessage('August 13, 2026'),
      noWindowMessage(null),
    ];
    for (const message of refusals) {
      expect(translateCheckoutMessage(en, message)).toBe(message);
      expect(translateCheckoutMessage(es, message), message).not.toBe(message);
    }
    expect(translateCheckoutMessage(es, windowFullMessage)).toBe(
      'Ese horario de entrega se acaba de llenar. Elija otro horario.',
    );
    expect(translateCheckoutMessage(es, noWindowMessage('August 13, 2026'))).toBe(
      'Todos los horarios de entrega de los próximos 14 días están ocupados. La entrega más pronta que podemos ofrecerle es el August 13, 2026: elija una fecha de inicio posterior.',
    );
    expect(translateCheckoutMessage(es, noWindowMessage(null))).toMatch(/Llámenos para programar una entrega\.$/);
  });

  it('tells a refused delivery window from the other refusals, so the picker says it instead of a toast', () => {
    const full = new ApiError(409, windowFullMessage, { deliveryWindow: windowFullMessage }, '', WINDOW_FULL_CODE);
    const notOffered = new ApiError(400, windowNotOfferedMessage, { deliveryWindow: windowNotOfferedMessage });
    const outOfStock = new ApiError(409, 'Sorry, that AC unit is out of stock right now.', {}, '', undefined);
    expect(isDeliveryWindowRefusal(full)).toBe(true);
    expect(isDeliveryWindowRefusal(notOffered)).toBe(true);
    expect(isDeliveryWindowRefusal(outOfStock)).toBe(false);
    expect(isDeliveryWindowRefusal(new Error(windowFullMessage))).toBe(false);
  });
});
