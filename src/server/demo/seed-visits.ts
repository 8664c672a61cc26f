import { eq } from 'drizzle-orm';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import type { TimeWindow } from '@/contracts/deliveries';
import type { Db } from '@/server/platform/db/client';
import { createDeliveryTask } from '@/server/platform/db/factories';
import { customers, orders } from '@/server/platform/db/schema';

/**
 * The demo's scheduled visits: service calls at three demo rentals tomorrow (in Los Angeles), so the route sheet
 * (/admin/route-sheet) has a day to show. Service visits only: they bring no unit and need no attention.
 */
const demoVisits: { email: string; window: TimeWindow; problem: string }[] = [
  { email: 'aaliyah.johnson@example.com', window: 'afternoon', problem: 'The remote stopped working' },
  { email: 'kevin.tran@example.com', window: 'morning', problem: 'Water drips from the exhaust hose' },
  { email: 'maria.gonzalez@example.com', window: 'morning', problem: 'Blows warm air after an hour' },
];

export async function seedDemoVisits(db: Db, now: Date): Promise<void> {
  const day = addDays(todayInLosAngeles(now), 1);
  for (const visit of demoVisits) {
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(eq(customers.email, visit.email))
      .limit(1);
    if (!order) continue;
    await createDeliveryTask(db, {
      orderId: order.id,
      type: 'service',
      status: 'scheduled',
      scheduledDate: day,
      timeWindow: visit.window,
      problem: visit.problem,
      requestedBy: 'customer',
      notes: 'Call 30 minutes ahead',
    });
  }
}
