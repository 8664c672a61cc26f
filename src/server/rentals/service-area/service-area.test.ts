import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '@tests/support/test-app';

const t = await createTestApp();
afterAll(async () => t.close());

let address = 0;
const get = (url: string) => t.app.inject({ url, remoteAddress: `10.5.0.${(address++ % 250) + 1}` });

describe('GET /api/service-area', () => {
  it('gives the settings, the depot city and the served places by region, nearest first', async () => {
    const response = await get('/api/service-area');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      depotZip: '92701',
      depotCity: 'Santa Ana',
      serviceRadiusMiles: 35,
      freeDeliveryMiles: 10,
      deliveryChargeCents: 2500,
    });
    const names = body.areas.map((area: { name: string }) => area.name);
    expect(names).toEqual(['Orange County', 'South Los Angeles', 'Long Beach and the Gateway Cities']);
    expect(body.areas[0].cities[0]).toBe('Santa Ana');
    expect(body.areas[0].cities).toContain('Irvine');
    // Inglewood (~31 mi) is within 35 miles.
    expect(body.areas[1].cities).toContain('Inglewood');
  });
});

describe('GET /api/service-area/quote', () => {
  it.each([
    ['92614', 'free', 0, 'Irvine'],
    ['92656', 'charge', 2500, 'Aliso Viejo'],
    ['92656-1234', 'charge', 2500, 'Aliso Viejo'],
    ['92363', 'out_of_area', null, 'Needles'],
  ])('%s is %s', async (zip, status, chargeCents, city) => {
    const response = await get(`/api/service-area/quote?zip=${zip}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status, chargeCents, city, state: 'CA' });
  });

  it('says why it does not deliver, and which ZIP does not exist', async () => {
    const far = await get('/api/service-area/quote?zip=10118');
    expect(far.json()).toMatchObject({
      status: 'out_of_area',
      miles: 2434.6,
      message: "We don't deliver to ZIP 10118 yet: it is 2,435 miles from our depot and we serve within 35 miles.",
    });
    const unknown = await get('/api/service-area/quote?zip=00000');
    expect(unknown.json()).toMatchObject({ status: 'unknown', miles: null, city: null, chargeCents: null });
  });

  it('refuses a malformed ZIP', async () => {
    const response = await get('/api/service-area/quote?zip=abc');
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.zip).toBe('Please enter a valid ZIP code');
  });

  it('limits look-ups per address', async () => {
    const from = (n: number) =>
      t.app.inject({ url: `/api/service-area/quote?zip=9270${n % 10}`, remoteAddress: '10.6.6.6' });
    for (let n = 0; n < 120; n += 1) expect((await from(n)).statusCode).toBe(200);
    expect((await from(0)).statusCode).toBe(429);
  });
});

describe('POST /api/leads', () => {
  it('refuses a bad e-mail or a ZIP that does not exist', async () => {
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/leads', payload, remoteAddress: '10.5.1.1' });
    expect((await post({ email: 'nope', zipCode: '10118' })).json().fieldErrors.email).toBe(
      'Please enter a valid email address',
    );
    expect((await post({ email: 'a@example.com', zipCode: '00000' })).statusCode).toBe(400);
    expect((await post({ email: 'a@example.com', zipCode: '10118', kind: 'other' })).statusCode).toBe(400);
  });
});
