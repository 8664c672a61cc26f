import { describe, expect, it } from 'vitest';
import { formatMiles } from './checkout-terms';
import { defaultServiceArea, outOfAreaMessage, quoteDelivery } from './service-area';

describe('quoteDelivery (ADR 022)', () => {
  const settings = defaultServiceArea;

  it.each([
    [0, 'free', 0],
    [5, 'free', 0],
    [10, 'free', 0],
    [10.1, 'charge', 2500],
    [15.1, 'charge', 2500],
    [35, 'charge', 2500],
    [35.1, 'out_of_area', null],
    [199.7, 'out_of_area', null],
  ])('%d miles: %s', (miles, status, chargeCents) => {
    expect(quoteDelivery(settings, miles)).toEqual({ status, miles, chargeCents });
  });

  it('follows the settings: a wider free radius and another charge', () => {
    const wider = { ...settings, freeDeliveryMiles: 20, serviceRadiusMiles: 50, deliveryChargeCents: 4000 };
    expect(quoteDelivery(wider, 15.1).status).toBe('free');
    expect(quoteDelivery(wider, 40)).toEqual({ status: 'charge', miles: 40, chargeCents: 4000 });
  });

  it('a free radius of 0 charges every delivery', () => {
    expect(quoteDelivery({ ...settings, freeDeliveryMiles: 0 }, 0.4).status).toBe('charge');
  });

  it('words the refusal with whole miles and thousands separators', () => {
    expect(outOfAreaMessage('10118', 2434.6, 35)).toBe(
      "We don't deliver to ZIP 10118 yet: it is 2,435 miles from our depot and we serve within 35 miles.",
    );
    expect(formatMiles(15.1)).toBe('15.1 mi');
    expect(formatMiles(12)).toBe('12 mi');
  });
});
