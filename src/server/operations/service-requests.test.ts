import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { serviceRequestMessages } from '@/contracts/service-requests';
import { createAdminUser } from '@/server/platform/db/factories';
import { auditEvents, deliveryTasks, emailLogs, notifications } from '@/server/platform/db/schema';
import { renderOwnerAlert } from '@/server/platform/mail/owner-alerts';
import { startPortalTestApp } from '@tests/support/portal-fixtures';

const { t, rental, signIn } = await startPortalTestApp();
afterAll(async () => t.close());
await createAdminUser(t.db, { email: 'owner@coolrent.example' }); // where the owner's alerts go

const today = () => todayInLosAngeles(t.deps.clock.now());
const problem = 'The unit blows warm air and makes a rattling noise';

async function signedInRental(overrides: { status?: string } = {}) {
  const { customer, order } = await rental(overrides);
  return { customer, order, cookie: await signIn(order.orderNumber, customer.email) };
}

const post = (cookie: string, orderId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/portal/${orderId}/service-requests`, headers: { cookie }, payload });
const list = (cookie: string, orderId: string) =>
  t.app.inject({ url: `/api/portal/${orderId}/service-requests`, headers: { cookie } });
const tasksOf = (orderId: string) => t.db.select().from(deliveryTasks).where(eq(deliveryTasks.orderId, orderId));

describe('"My unit needs service"', () => {
  it('creates a pending service task, audits it, alerts the owner and acknowledges the customer', async () => {
    const { customer, order, cookie } = await signedInRental();
    const before = await list(cookie, order.id);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      today: today(),
      latestPreferredDate: addDays(today(), 30),
      unavailableReason: null,
      visits: [],
    });

    const preferredDate = addDays(today(), 3);
    const response = await post(cookie, order.id, { problem: `  ${problem}  `, preferredDate });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    expect(response.json()).toEqual({ id, status: 'pending' });

    // What the request is, as the owner's task list and the customer's visit list both show it.
    const requested = { id, type: 'service', status: 'pending', requestedBy: 'customer', problem, preferredDate };
    expect(await tasksOf(order.id)).toEqual([
      expect.objectContaining({
        ...requested,
        unitId: null,
        collectUnitId: null,
        notes: null,
        scheduledDate: null,
      }),
    ]);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(audit).toEqual([
      expect.objectContaining({
        actorType: 'customer',
        actorId: customer.id,
        action: 'delivery_task.service_requested',
        entityType: 'delivery_task',
      }),
    ]);

    const queued = await t.db.select().from(notifications).where(eq(notifications.orderId, order.id));
    const owner = queued.find((row) => row.audience === 'owner');
    expect(owner).toMatchObject({ kind: 'service_request', status: 'sent', customerId: customer.id });
    expect(owner!.values).toMatchObject({
      customerName: customer.name,
      orderNumber: order.orderNumber,
      problem,
      address: `${order.address}, ${order.city} ${order.zipCode}`,
    });
    expect(owner!.values.phone).toBe(customer.phone ?? 'no phone on file');
    expect(owner!.values.preferredDate).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}$/);
    const alert = renderOwnerAlert('service_request', owner!.values, 'http://localhost/admin');
    expect(alert.subject).toBe(`Service requested: ${order.orderNumber} (${customer.name})`);
    expect(alert.text).toContain(`What is wrong: ${problem}`);
    expect(alert.text).not.toMatch(/undefined/);
    const ack = queued.find((row) => row.audience === 'customer');
    expect(ack).toMatchObject({ kind: 'service_request_received', status: 'sent' });

    const [mail] = await t.db
      .select()
      .from(emailLogs)
      .where(and(eq(emailLogs.customerId, customer.id), eq(emailLogs.recipientEmail, customer.email)));
    expect(mail).toMatchObject({ status: 'sent', subject: `We received your service request (${order.orderNumber})` });
    expect(mail!.body).toContain(problem);
    expect(mail!.body).toContain(`/portal/${order.id}`);
    expect(`${mail!.subject}\n${mail!.body}`).not.toMatch(/\{\{/);

    const after = (await list(cookie, order.id)).json();
    expect(after.visits).toEqual([
      expect.objectContaining({
        ...requested,
        scheduledDate: null,
        timeWindow: null,
        timeWindowLabel: null,
        resolution: null,
      }),
    ]);
    expect(after.unavailableReason).toContain("Requested — we'll call you to book a time");
  });

  it.each([
    [{ problem: undefined }, 'problem', serviceRequestMessages.problemTooShort],
    [{ problem: '   too short   ' }, 'problem', serviceRequestMessages.problemTooShort],
    [{ problem: 'x'.repeat(2001) }, 'problem', serviceRequestMessages.problemTooLong],
    [{ problem: 42 }, 'problem', serviceRequestMessages.problemTooShort],
    [{ preferredDate: '' }, 'preferredDate', serviceRequestMessages.preferredDateRequired],
    [{ preferredDate: '2027-02-30' }, 'preferredDate', serviceRequestMessages.preferredDateRequired],
    [{ preferredDate: 'yesterday' }, 'preferredDate', serviceRequestMessages.preferredDateInPast],
    [{ preferredDate: 'in 31 days' }, 'preferredDate', serviceRequestMessages.preferredDateTooFar],
  ])('refuses %o with a message for the field and changes nothing', async (payload, field, message) => {
    const { order, cookie } = await signedInRental();
    const dates: Record<string, string> = { yesterday: addDays(today(), -1), 'in 31 days': addDays(today(), 31) };
    const body = { problem, preferredDate: addDays(today(), 1), ...payload };
    if (typeof body.preferredDate === 'string' && dates[body.preferredDate]) {
      body.preferredDate = dates[body.preferredDate]!;
    }
    const response = await post(cookie, order.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    expect(await tasksOf(order.id)).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.orderId, order.id))).toEqual([]);
  });

  it('accepts today and the 30th day on, the range the form offers', async () => {
    const first = await signedInRental();
    expect((await post(first.cookie, first.order.id, { problem, preferredDate: today() })).statusCode).toBe(201);
    const second = await signedInRental();
    const lastDay = addDays(today(), 30);
    expect((await post(second.cookie, second.order.id, { problem, preferredDate: lastDay })).statusCode).toBe(201);
  });

  it("answers another customer's order, an unknown order and no session with 404, changing nothing", async () => {
    const mine = await signedInRental();
    const theirs = await signedInRental();
    const payload = { problem, preferredDate: addDays(today(), 2) };
    for (const response of [
      await post(mine.cookie, theirs.order.id, payload),
      await post(mine.cookie, '00000000-0000-4000-8000-000000000000', payload),
      await post(mine.cookie, 'not-a-uuid', payload),
      await t.app.inject({ method: 'POST', url: `/api/portal/${theirs.order.id}/service-requests`, payload }),
      await list(mine.cookie, theirs.order.id),
      await t.app.inject({ url: `/api/portal/${theirs.order.id}/service-requests` }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Rental not found');
    }
    expect(await tasksOf(theirs.order.id)).toEqual([]);
  });

  it.each(['pending', 'completed', 'cancelled'])('refuses a rental that is %s with a 409', async (status) => {
    const { order, cookie } = await signedInRental({ status });
    const response = await post(cookie, order.id, { problem, preferredDate: addDays(today(), 2) });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(serviceRequestMessages.notActive);
    expect(await tasksOf(order.id)).toEqual([]);
    expect((await list(cookie, order.id)).json().unavailableReason).toBe(serviceRequestMessages.notActive);
  });

  it('refuses a rental whose unit is not delivered yet, then accepts it once the delivery is done', async () => {
    const { order, cookie } = await signedInRental();
    const [delivery] = await t.db
      .insert(deliveryTasks)
      .values({ orderId: order.id, type: 'delivery', status: 'scheduled', scheduledDate: addDays(today(), 1) })
      .returning();
    const payload = { problem, preferredDate: addDays(today(), 2) };
    const refused = await post(cookie, order.id, payload);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A service visit can be requested once your unit has been delivered.');
    expect((await list(cookie, order.id)).json().unavailableReason).toBe(serviceRequestMessages.notDelivered);
    expect(await tasksOf(order.id)).toHaveLength(1);

    await t.db
      .update(deliveryTasks)
      .set({ status: 'completed', completedAt: t.deps.clock.now() })
      .where(eq(deliveryTasks.id, delivery!.id));
    expect((await list(cookie, order.id)).json().unavailableReason).toBeNull();
    expect((await post(cookie, order.id, payload)).statusCode).toBe(201);
  });

  it('allows one open request at a time, naming its state; GET follows the owner scheduling and completing it', async () => {
    const { order, cookie } = await signedInRental();
    const created = await post(cookie, order.id, { problem, preferredDate: addDays(today(), 5) });
    const { id } = created.json();

    const second = await post(cookie, order.id, { problem: 'Another thing is wrong now', preferredDate: today() });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/^A service visit is already requested for this rental \(Requested/);

    // The owner's scheduling and completing endpoints live on another branch (`deliv`, src/server/deliveries):
    // until they merge, this test moves the task the way they will, with SQL updates.
    const visitDay = addDays(today(), 4);
    await t.db
      .update(deliveryTasks)
      .set({ status: 'scheduled', scheduledDate: visitDay, timeWindow: 'morning' })
      .where(eq(deliveryTasks.id, id));
    const scheduled = (await list(cookie, order.id)).json();
    expect(scheduled.visits[0]).toMatchObject({
      id,
      status: 'scheduled',
      scheduledDate: visitDay,
      timeWindow: 'morning',
      timeWindowLabel: '8AM-11AM',
    });
    const again = await post(cookie, order.id, { problem: 'Another thing is wrong now', preferredDate: today() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/\(Scheduled for [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, 8AM-11AM\)/);

    await t.db
      .update(deliveryTasks)
      .set({ status: 'completed', completedAt: t.deps.clock.now(), resolution: 'Cleaned the filter; cools fine' })
      .where(eq(deliveryTasks.id, id));
    const completed = (await list(cookie, order.id)).json();
    expect(completed.visits[0]).toMatchObject({ status: 'completed', resolution: 'Cleaned the filter; cools fine' });
    expect(completed.unavailableReason).toBeNull();

    // A swap the owner books shows too (deliveries and pickups do not), and blocks a new request while open.
    await t.db.insert(deliveryTasks).values([
      { orderId: order.id, type: 'swap', status: 'scheduled', scheduledDate: visitDay, timeWindow: 'evening' },
      { orderId: order.id, type: 'pickup', status: 'pending' },
    ]);
    const withSwap = (await list(cookie, order.id)).json();
    expect(withSwap.visits.map((visit: { type: string }) => visit.type).sort()).toEqual(['service', 'swap']);
    expect(withSwap.unavailableReason).toMatch(/5PM-8PM/);
    expect((await post(cookie, order.id, { problem, preferredDate: today() })).statusCode).toBe(409);
    expect((await tasksOf(order.id)).filter((task) => task.type === 'service')).toHaveLength(1);
  });

  it('two requests sent together make one task', async () => {
    const { order, cookie } = await signedInRental();
    const payload = { problem, preferredDate: addDays(today(), 1) };
    const responses = await Promise.all([post(cookie, order.id, payload), post(cookie, order.id, payload)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await tasksOf(order.id)).toHaveLength(1);
  });

  it('is rate-limited per customer', async () => {
    const { order, cookie } = await signedInRental({ status: 'completed' });
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      codes.push((await post(cookie, order.id, { problem, preferredDate: today() })).statusCode);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(409));
    expect(codes[10]).toBe(429);
  });
});
