import { afterAll, describe, expect, it } from 'vitest';
import { nextIp, startPortalTestApp } from '@tests/support/portal-fixtures';

const { t, rental } = await startPortalTestApp();
afterAll(async () => t.close());

describe('account access', () => {
  it('opens the portal with the order number (any case) or the id, and the e-mail on the order', async () => {
    const { customer, order } = await rental();
    for (const key of [order.orderNumber, order.orderNumber.toLowerCase(), ` ${order.id} `]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/account-access',
        payload: { orderNumber: key, email: customer.email.toUpperCase() },
        remoteAddress: nextIp(),
      });
      expect(response.json()).toEqual({ orderId: order.id });
    }
  });

  it('says the same thing for a wrong e-mail and an unknown order, and sets no cookie', async () => {
    const { customer, order } = await rental();
    const wrongEmail = await t.app.inject({
      method: 'POST',
      url: '/api/account-access',
      payload: { orderNumber: order.orderNumber, email: 'someone.else@example.com' },
      remoteAddress: nextIp(),
    });
    const unknownOrder = await t.app.inject({
      method: 'POST',
      url: '/api/account-access',
      payload: { orderNumber: 'order-ZZZZZZZZ', email: customer.email },
      remoteAddress: nextIp(),
    });
    expect(wrongEmail.statusCode).toBe(404);
    expect(unknownOrder.statusCode).toBe(404);
    expect(wrongEmail.json()).toEqual(unknownOrder.json());
    expect(wrongEmail.cookies).toHaveLength(0);
  });

  it.each([
    [{ orderNumber: '   ', email: 'a@example.com' }, 'orderNumber', 'Order number is required'],
    [{ email: 'a@example.com' }, 'orderNumber', 'Order number is required'],
    [{ orderNumber: 'order-ABCDEFGH', email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
  ])('rejects %o with the spec message', async (payload, field, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account-access',
      payload,
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
  });

  it('throttles repeated look-ups from one IP address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/account-access',
        payload: { orderNumber: `order-WRONG${i}`, email: 'guess@example.com' },
        remoteAddress: '203.0.113.7',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/account-access',
      payload: { orderNumber: 'order-WRONG', email: 'guess@example.com' },
      remoteAddress: '203.0.113.8',
    });
    expect(other.statusCode).toBe(404);
  });
});
