import type { TimeWindow, VisitType } from '@/contracts/deliveries';
import {
  createCustomer,
  createDeliveryTask,
  createOrder,
  createUnit,
  createUnitModel,
} from '@/server/platform/db/factories';
import { createTestApp } from '@tests/support/test-app';
import { signInAdmin } from '@tests/support/admin-client';

/** The day the standard route is on. */
export const DAY = '2026-07-14';

/** The standard day's stops in the order the route must take. */
export const expectedOrder = [
  'Santa Ana Service',
  'Irvine Delivery',
  'South LA Pickup',
  'Afternoon Swap',
  'Nowhere Known',
];

/**
 * Shared by the route sheet's tests: the app, an admin and a staff member (drivers are staff), a unit model, a
 * way to add a customer's rental with one visit, and the standard day (stopsOfTheDay) with every kind of visit.
 */
export async function startRouteSheetTestApp() {
  const t = await createTestApp();
  const admin = await signInAdmin(t);
  const staff = await signInAdmin(t, 'correct horse battery', { role: 'staff' });
  const model = await createUnitModel(t.db, { name: 'Medium 14K' });

  /** A customer's rental at a ZIP, renting a unit of its own, and one visit to it. */
  async function visit(options: {
    name: string;
    zipCode: string;
    street: string;
    type: VisitType;
    window: TimeWindow | null;
    status?: string;
    date?: string;
    problem?: string;
    swapIn?: boolean;
  }) {
    const customer = await createCustomer(t.db, { name: options.name, phone: '(714) 555-0100' });
    const unit = await createUnit(t.db, { modelId: model.id, status: 'rented' });
    const order = await createOrder(t.db, {
      customerId: customer.id,
      modelId: model.id,
      unitId: unit.id,
      status: 'active',
      address: options.street,
      city: 'Somewhere',
      zipCode: options.zipCode,
      buildingNotes: `Notes for ${options.name}`,
    });
    const replacement = options.swapIn ? await createUnit(t.db, { modelId: model.id }) : undefined;
    const task = await createDeliveryTask(t.db, {
      orderId: order.id,
      type: options.type,
      status: options.status ?? 'scheduled',
      scheduledDate: options.date ?? DAY,
      timeWindow: options.window,
      problem: options.problem ?? null,
      unitId: options.type === 'delivery' ? unit.id : (replacement?.id ?? null),
      collectUnitId: options.type === 'swap' ? unit.id : null,
    });
    return { customer, unit, order, task, replacement };
  }

  /** The standard day: five stops over two windows, and four visits that are not on the route. */
  async function stopsOfTheDay() {
    // Depot 92701 (Santa Ana). Morning: 92705 (Santa Ana, nearest), then 92612 (Irvine), then 90044 (South LA).
    const irvine = await visit({
      name: 'Irvine Delivery',
      zipCode: '92612',
      street: '1 Campus Dr',
      type: 'delivery',
      window: 'morning',
    });
    const southLa = await visit({
      name: 'South LA Pickup',
      zipCode: '90044',
      street: '2 Vermont Ave',
      type: 'pickup',
      window: 'morning',
    });
    const santaAna = await visit({
      name: 'Santa Ana Service',
      zipCode: '92705',
      street: '3 Seventeenth St',
      type: 'service',
      window: 'morning',
      problem: 'Blows warm air after an hour',
    });
    // Afternoon, although nearer the depot than anything: the promised window comes first.
    const afternoon = await visit({
      name: 'Afternoon Swap',
      zipCode: '92701',
      street: '4 Main St',
      type: 'swap',
      window: 'afternoon',
      swapIn: true,
    });
    // Afternoon, ZIP unknown: last in its window.
    await visit({ name: 'Nowhere Known', zipCode: '00000', street: '5 Lost Ln', type: 'service', window: 'afternoon' });
    // Not on the route: pending (counted), another day, completed, cancelled.
    await visit({
      name: 'Pending Only',
      zipCode: '92701',
      street: '6 Wait St',
      type: 'delivery',
      window: null,
      status: 'pending',
    });
    await visit({
      name: 'Other Day',
      zipCode: '92701',
      street: '7 Later St',
      type: 'delivery',
      window: 'morning',
      date: '2026-07-15',
    });
    await visit({
      name: 'Already Done',
      zipCode: '92701',
      street: '8 Done St',
      type: 'delivery',
      window: 'morning',
      status: 'completed',
    });
    await visit({
      name: 'Called Off',
      zipCode: '92701',
      street: '9 Gone St',
      type: 'pickup',
      window: 'morning',
      status: 'cancelled',
    });
    return { irvine, southLa, santaAna, afternoon };
  }

  return { t, admin, staff, visit, stopsOfTheDay };
}
