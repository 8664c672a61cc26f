import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { createUnit, createUnitModel } from '@/server/platform/db/factories';
import type { AdminClient } from '@tests/support/admin-client';
import type { TestApp } from '@tests/support/test-app';

/** Shared by the phone-order tests and the billing tests run on phone orders: an order taken as the owner does. */

let streetNumber = 500;

/** POST /api/admin/orders's body: a new customer each time, so the hold limits stay out of tests about other things. */
export function phoneOrderBody(overrides: Record<string, unknown> = {}, today = todayInLosAngeles()) {
  return {
    customer: {
      name: 'Maria Lopez',
      email: `caller-${randomUUID().slice(0, 8)}@example.com`,
      phone: '(949) 555-0142',
    },
    planType: 'monthly',
    startDate: addDays(today, 1),
    address: `${(streetNumber += 1)} Harbor Boulevard`,
    city: 'Irvine',
    zipCode: '92612',
    deliveryToDorm: false,
    ...overrides,
  };
}

/** The link's path and key, as the customer's browser has them from the e-mail. */
export function linkParts(linkUrl: string) {
  const url = new URL(linkUrl);
  return { orderId: url.pathname.split('/').pop()!, key: url.searchParams.get('key')! };
}

export interface PaidPhoneOrderSteps {
  orderId: string;
  orderNumber: string;
  linkUrl: string;
  email: string;
  unitId: string;
  /** The payment page's session id (after the pay step). */
  sessionId: string;
  checkoutCookie: string;
}

/**
 * A phone order taken by `staff`, its link opened, the agreement signed and the payment page asked for, as the
 * customer's browser does; the page is not paid yet (the caller pays it, or lets it lapse).
 */
export async function phoneOrderUpToPayment(
  t: TestApp,
  staff: AdminClient,
  overrides: Record<string, unknown> = {},
): Promise<PaidPhoneOrderSteps> {
  const model = await createUnitModel(t.db);
  const unit = await createUnit(t.db, { modelId: model.id });
  const body = phoneOrderBody({ unitModelId: model.id, ...overrides }, todayInLosAngeles(t.deps.clock.now()));
  const created = await staff.request({ method: 'POST', url: '/api/admin/orders', payload: body });
  expect(created.statusCode, created.body).toBe(201);
  const { orderId, orderNumber, linkUrl } = created.json();
  const { key } = linkParts(linkUrl);
  const opened = await t.app.inject({ url: `/api/order-links/${orderId}?key=${key}` });
  expect(opened.json()).toMatchObject({ state: 'open' });
  const checkoutCookie = opened.cookies.find((cookie) => cookie.name === 'cr_checkout')!.value;
  const signed = await t.app.inject({
    method: 'POST',
    url: `/api/order-links/${orderId}/sign`,
    payload: { key, typedName: 'Maria Lopez', agreed: true },
  });
  expect(signed.statusCode, signed.body).toBe(200);
  const payment = await t.app.inject({ method: 'POST', url: `/api/order-links/${orderId}/pay`, payload: { key } });
  expect(payment.statusCode, payment.body).toBe(200);
  const sessionId = payment.json().sessionUrl.split('/').pop();
  return { orderId, orderNumber, linkUrl, email: body.customer.email, unitId: unit.id, sessionId, checkoutCookie };
}
