import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { orders, units } from '@/server/platform/db/schema';
import { registration, startCheckoutTestApp } from '@tests/support/checkout-fixtures';

const { t, createSession, modelWithUnits } = await startCheckoutTestApp();
afterAll(async () => t.close());

describe('POST /api/checkout/create-session validation', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['startDate', { startDate: undefined }, 'Start date is required'],
    ['startDate', { startDate: '' }, 'Start date is required'],
    ['startDate', { startDate: '2026-02-31' }, 'Start date is required'],
    ['startDate', { startDate: addDays(todayInLosAngeles(), -1) }, 'Start date cannot be in the past'],
    ['name', { name: 'J' }, 'Name must be at least 2 characters'],
    ['name', { name: '   ' }, 'Name must be at least 2 characters'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['email', { email: undefined }, 'Please enter a valid email address'],
    ['phone', { phone: '555-0101' }, 'Please enter a valid phone number'],
    ['address', { address: '12 A' }, 'Please enter a complete address'],
    ['city', { city: 'X' }, 'City is required'],
    ['zipCode', { zipCode: '9261' }, 'Please enter a valid ZIP code'],
    ['zipCode', { zipCode: '92612-12' }, 'Please enter a valid ZIP code'],
    ['planType', { planType: 'weekly' }, 'Only the monthly plan can be booked online'],
  ];

  it.each(cases)('answers 400 with the spec message for a bad %s (%j)', async (field, change, message) => {
    const model = await modelWithUnits(1);
    const response = await createSession(registration({ modelId: model.id, ...change }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    const [held] = await t.db.select().from(units).where(eq(units.modelId, model.id));
    expect(held!.heldByOrderId).toBeNull();
  });

  it('accepts ZIP+4, today as the start date, and no building notes', async () => {
    const model = await modelWithUnits(1);
    const response = await createSession(
      registration({ modelId: model.id, zipCode: '92612-1234', startDate: todayInLosAngeles(), buildingNotes: '' }),
    );
    expect(response.statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, response.json().orderId));
    expect(order).toMatchObject({ zipCode: '92612-1234', startDate: todayInLosAngeles(), buildingNotes: null });
  });
});
