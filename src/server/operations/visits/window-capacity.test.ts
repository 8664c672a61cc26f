import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { deliveryCapacitySettings } from '@/contracts/delivery-windows';
import { formatVisitDay } from '@/contracts/service-requests';
import {
  createCustomer,
  createDeliveryTask,
  createOrder,
  createUnit,
  createUnitModel,
} from '@/server/platform/db/factories';
import { auditEvents, deliveryTasks } from '@/server/platform/db/schema';
import { writeDeliveryCapacity } from '@/server/rentals/delivery-windows/settings';
import { weekdayOf } from '@/server/rentals/delivery-windows/calendar';
import { signInAdmin } from '@tests/support/admin-client';
import { outboxMessages, startPaymentsTestApp } from '@tests/support/payment-fixtures';
import { snapshotTables } from '@tests/support/table-snapshot';

const t = await startPaymentsTestApp();
const admin = await signInAdmin(t);
const staff = await signInAdmin(t, 'correct horse battery', { role: 'staff' });
const model = await createUnitModel(t.db, { name: 'Medium 14K' });

// Tuesdays only: 8-12 takes two visits, 12-4 one. Each test books on a Tuesday of its own, two days ahead or more.
await writeDeliveryCapacity(
  t.db,
  admin.adminUserId,
  deliveryCapacitySettings.parse({
    windows: [
      { weekday: 2, start: '08:00', end: '12:00', visits: 2 },
      { weekday: 2, start: '12:00', end: '16:00', visits: 1 },
    ],
    sameDayCutoff: '12:00',
    blackoutDates: [],
  }),
);
let firstTuesday = addDays(todayInLosAngeles(t.deps.clock.now()), 2);
while (weekdayOf(firstTuesday) !== 2) firstTuesday = addDays(firstTuesday, 1);
const tuesday = (week: number) => addDays(firstTuesday, 7 * week);

/** An active rental with a service call waiting for a day (the customer asked; the owner books it). */
async function serviceCall(name: string, zipCode = '92612') {
  const customer = await createCustomer(t.db, { name });
  const unit = await createUnit(t.db, { modelId: model.id, status: 'rented' });
  const order = await createOrder(t.db, {
    customerId: customer.id,
    modelId: model.id,
    unitId: unit.id,
    status: 'active',
    zipCode,
  });
  const task = await createDeliveryTask(t.db, {
    orderId: order.id,
    type: 'service',
    status: 'pending',
    scheduledDate: null,
    requestedBy: 'customer',
    problem: 'It blows warm air',
  });
  return { customer, task };
}

const book = (taskId: string, payload: { scheduledDate: string; timeWindow: string; overbook?: boolean }) =>
  admin.request({ method: 'POST', url: `/api/admin/deliveries/${taskId}/schedule`, payload });
const windowsOf = async (date: string) => {
  const response = await admin.request({ method: 'GET', url: `/api/admin/delivery-windows?date=${date}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const taskRow = async (id: string) => (await t.db.select().from(deliveryTasks).where(eq(deliveryTasks.id, id)))[0]!;
const bookingAudit = async (taskId: string) =>
  t.db
    .select({ details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, taskId), eq(auditEvents.action, 'delivery_task.scheduled')));

describe("the owner's visits in the delivery windows", () => {
  it('fill the window they fall in (a fixed window too); a full one is a 409 that changes nothing; Book anyway overbooks it, audited', async () => {
    const day = tuesday(0);
    const [first, second, third] = [await serviceCall('Ana'), await serviceCall('Ben'), await serviceCall('Cy')];
    expect(await windowsOf(day)).toEqual([
      { start: '08:00', end: '12:00', visits: 2, taken: 0 },
      { start: '12:00', end: '16:00', visits: 1, taken: 0 },
    ]);

    const booked = await book(first.task.id, { scheduledDate: day, timeWindow: '08:00-12:00' });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().visit).toMatchObject({ status: 'scheduled', scheduledDate: day, timeWindow: '08:00-12:00' });
    // 'midday' starts at 11: in the 8-12 window.
    expect((await book(second.task.id, { scheduledDate: day, timeWindow: 'midday' })).statusCode).toBe(200);
    expect((await windowsOf(day))[0]).toMatchObject({ start: '08:00', taken: 2 });

    const before = await snapshotTables(t.db);
    const refused = await book(third.task.id, { scheduledDate: day, timeWindow: '08:00-12:00' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: `The 8AM-12PM window on ${formatVisitDay(day)} already has 2 of 2 visits. Book anyway to overbook it.`,
      code: 'delivery_window_full',
    });
    expect((await book(third.task.id, { scheduledDate: day, timeWindow: 'morning' })).statusCode).toBe(409);
    expect(await snapshotTables(t.db)).toEqual(before);

    const anyway = await book(third.task.id, { scheduledDate: day, timeWindow: '08:00-12:00', overbook: true });
    expect(anyway.statusCode, anyway.body).toBe(200);
    expect(await taskRow(third.task.id)).toMatchObject({ status: 'scheduled', timeWindow: '08:00-12:00' });
    expect(await bookingAudit(third.task.id)).toEqual([
      { details: expect.objectContaining({ to: `${day} 08:00-12:00`, overbooked: true }) },
    ]);
    expect((await bookingAudit(first.task.id))[0]!.details).not.toHaveProperty('overbooked');
    expect((await windowsOf(day))[0]).toMatchObject({ taken: 3 });
  });

  it('moves a visit within its own full window; moving it into another full window is refused', async () => {
    const day = tuesday(1);
    const [first, second] = [await serviceCall('Dee'), await serviceCall('Eli')];
    expect((await book(first.task.id, { scheduledDate: day, timeWindow: '08:00-12:00' })).statusCode).toBe(200);
    expect((await book(second.task.id, { scheduledDate: day, timeWindow: '08:00-12:00' })).statusCode).toBe(200);

    const moved = await book(first.task.id, { scheduledDate: day, timeWindow: 'morning' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await taskRow(first.task.id)).toMatchObject({ scheduledDate: day, timeWindow: 'morning' });

    expect((await book(second.task.id, { scheduledDate: day, timeWindow: '12:00-16:00' })).statusCode).toBe(200);
    const full = await book(first.task.id, { scheduledDate: day, timeWindow: '12:00-16:00' });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(
      `The 12PM-4PM window on ${formatVisitDay(day)} already has 1 of 1 visits. Book anyway to overbook it.`,
    );
    expect(await taskRow(first.task.id)).toMatchObject({ scheduledDate: day, timeWindow: 'morning' });
  });

  it('books without counting where the owner has no window: a later hour, a day without windows', async () => {
    const day = tuesday(2);
    const [first, second, third] = [await serviceCall('Fay'), await serviceCall('Gus'), await serviceCall('Hal')];
    expect((await book(first.task.id, { scheduledDate: day, timeWindow: '12:00-16:00' })).statusCode).toBe(200);
    // 5PM is after the last window of the day, whose one place is taken.
    const evening = await book(second.task.id, { scheduledDate: day, timeWindow: 'evening' });
    expect(evening.statusCode, evening.body).toBe(200);
    expect((await bookingAudit(second.task.id))[0]!.details).not.toHaveProperty('overbooked');
    const sunday = addDays(day, 5);
    expect(await windowsOf(sunday)).toEqual([]);
    expect((await book(third.task.id, { scheduledDate: sunday, timeWindow: '12:00-16:00' })).statusCode).toBe(200);
  });

  it('reads a booked window as 8AM-12PM on the route sheet, the list and the e-mail, a fixed one by its hours', async () => {
    const day = tuesday(3);
    // The 8-12 stop is far from the depot, the 11 o'clock one near: the promised windows set the order.
    const far = await serviceCall('Far Booked', '90044');
    const near = await serviceCall('Near Midday', '92705');
    expect((await book(near.task.id, { scheduledDate: day, timeWindow: 'midday' })).statusCode).toBe(200);
    expect((await book(far.task.id, { scheduledDate: day, timeWindow: '08:00-12:00' })).statusCode).toBe(200);

    const sheet = await admin.request({ method: 'GET', url: `/api/admin/route-sheet?date=${day}` });
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.json().stops).toEqual([
      expect.objectContaining({ customer: 'Far Booked', window: '08:00-12:00', windowLabel: '8AM-12PM' }),
      expect.objectContaining({ customer: 'Near Midday', window: 'midday', windowLabel: '11AM-2PM' }),
    ]);

    const list = await admin.request({ method: 'GET', url: `/api/admin/deliveries?view=day&date=${day}` });
    expect(list.json().items.map((visit: { timeWindow: string }) => visit.timeWindow)).toEqual([
      '08:00-12:00',
      'midday',
    ]);

    const mail = outboxMessages(t).find((message) => message.includes(`To: ${far.customer.email}`));
    expect(mail).toContain('between 8AM-12PM');
    const legacyMail = outboxMessages(t).find((message) => message.includes(`To: ${near.customer.email}`));
    expect(legacyMail).toContain('between 11AM-2PM');
  });

  it("answers a day's windows to staff too, and refuses a date that is not one", async () => {
    const response = await staff.request({ method: 'GET', url: `/api/admin/delivery-windows?date=${tuesday(4)}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(2);
    const bad = await admin.request({ method: 'GET', url: '/api/admin/delivery-windows?date=2027-02-30' });
    expect(bad.statusCode).toBe(400);
  });
});
