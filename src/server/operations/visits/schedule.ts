import { customerLocale } from '@/server/platform/mail/templated-email';
import { eq } from 'drizzle-orm';
import type { ScheduleVisitInput, VisitActionResult } from '@/contracts/admin/deliveries';
import { todayInLosAngeles } from '@/contracts/dates';
import { orders } from '@/server/platform/db/schema';
import { Conflict, Invalid } from '@/server/platform/errors';
import { changeDeliveryUnit } from '@/server/rentals/units/visits';
import { isOpen, lockOpenVisit, refuseUnlessOrderServed, writeVisit } from './load';
import { checkVisitEmail, queueVisitEmail, visitEmail, visitEmailOutcome, type VisitEmailDeps } from './visit-emails';
import { visitById } from './visit-rows';
import { claimVisitWindow } from './window-capacity';

/**
 * Books a visit on a day and window, or moves it (the same call). A delivery may name the unit it brings: a free
 * unit of the order's model, which the order then rents, the previous one going back to stock. The visit counts
 * against the owner's window it falls in: a full one refuses the booking, unchanged, unless the owner overbooks it
 * (audited as such). The customer is e-mailed the day and window; a template placeholder that cannot be filled
 * refuses the booking, unchanged.
 */
export async function scheduleVisit(
  deps: VisitEmailDeps,
  adminUserId: string,
  taskId: string,
  input: ScheduleVisitInput,
  now: Date,
): Promise<VisitActionResult> {
  const { db } = deps;
  if (input.scheduledDate < todayInLosAngeles(now)) {
    const message = 'The visit date cannot be in the past';
    throw new Invalid(message, { scheduledDate: message });
  }
  const before = await visitById(db, taskId);
  if (!isOpen(before)) throw new Conflict(`This visit is already ${before.status}`);
  if (input.unitId && before.type !== 'delivery') {
    const message = "Only a delivery's unit is chosen when booking (a service visit becomes a swap instead)";
    throw new Invalid(message, { unitId: message });
  }
  const locale = await customerLocale(db, before.customer.id);
  const email = visitEmail(deps, before, input.scheduledDate, input.timeWindow, locale);
  await checkVisitEmail(db, email);

  const emailKey = await db.transaction(async (tx) => {
    const { task, order } = await lockOpenVisit(tx, taskId);
    refuseUnlessOrderServed(task, order);
    let unitId = task.unitId;
    if (task.type === 'delivery') {
      if (input.unitId && input.unitId !== order.unitId) {
        await changeDeliveryUnit(tx, order, input.unitId, now);
        await tx.update(orders).set({ unitId: input.unitId }).where(eq(orders.id, order.id));
      }
      unitId = input.unitId ?? order.unitId;
    }
    const booking = { date: input.scheduledDate, window: input.timeWindow, overbook: input.overbook };
    const { overbooked } = await claimVisitWindow(tx, task, booking, now);
    await writeVisit(
      tx,
      adminUserId,
      task.id,
      { scheduledDate: input.scheduledDate, timeWindow: input.timeWindow, status: 'scheduled', unitId },
      {
        action: task.status === 'scheduled' ? 'delivery_task.rescheduled' : 'delivery_task.scheduled',
        details: {
          orderId: order.id,
          type: task.type,
          from: task.status === 'scheduled' ? `${task.scheduledDate} ${task.timeWindow}` : null,
          to: `${input.scheduledDate} ${input.timeWindow}`,
          ...(unitId !== task.unitId && { unitId }),
          ...(overbooked && { overbooked: true }),
        },
      },
    );
    const from = task.status === 'scheduled' ? `${task.scheduledDate}:${task.timeWindow}` : 'unbooked';
    return queueVisitEmail(tx, adminUserId, email, `${task.id}:${from}:${input.scheduledDate}:${input.timeWindow}`);
  });
  await deps.sendQueued();
  return { visit: await visitById(db, taskId), email: await visitEmailOutcome(db, emailKey) };
}
