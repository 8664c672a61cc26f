/**
 * The benchmark's data: a catalog of two models (one with BENCH_CHECKOUT_UNITS units for create-session to hold),
 * BENCH_ORDERS orders of as many customers, the first with a signed agreement, and an admin. BENCH_HELD_CHECKOUTS
 * (default 0) checkouts already waiting for payment, each holding a unit of its own for a delivery window spread
 * over the 14 days the benchmark's checkouts book in: create-session's cost must not grow with them.
 */
import { giveRoomyDeliveryCapacity } from '@tests/support/roomy-delivery-capacity';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import type { Database } from '@/server/platform/db/client';
import { createAdminUser, createAgreement, createUnitModel } from '@/server/platform/db/factories';
import { unitModelCatalog } from '@/server/platform/db/unit-model-catalog';
import { customers, orders, units } from '@/server/platform/db/schema';
import { newOrderNumber } from '@/server/platform/lib/order-number';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 2000);
/**
 * Units of the model create-session holds: one per request, and unpaid checkouts may hold half the stock
 * (HOLD_LIMITS.unpaidShare), so 16,000 let a run hold 8,000: its 16 s at 500 req/s. With 8,000 a run at 358 req/s
 * met the share before its end, and its last checkouts were refused (409) and counted the share exactly, each alone.
 */
const CHECKOUT_UNITS = Number(process.env.BENCH_CHECKOUT_UNITS ?? 16_000);
const HELD_CHECKOUTS = Number(process.env.BENCH_HELD_CHECKOUTS ?? 0);

async function addUnits(database: Database, modelId: string, count: number, prefix: string) {
  for (let start = 0; start < count; start += 500) {
    await database.db.insert(units).values(
      Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
        modelId,
        serial: `${prefix}-${String(start + i).padStart(6, '0')}`,
        brand: 'Midea',
        model: 'MAP12S1TBL',
        btu: 12_000,
        purchaseDate: new Date('2025-04-01T00:00:00Z'),
        purchasePrice: '449.00',
      })),
    );
  }
}

export async function seed(database: Database) {
  const { db } = database;
  const small = await createUnitModel(db, unitModelCatalog.small);
  const large = await createUnitModel(db, unitModelCatalog.medium);
  await addUnits(database, small.id, 40, 'BENCH-S');
  await addUnits(database, large.id, CHECKOUT_UNITS, 'BENCH-L');
  const statuses = ['active', 'active', 'active', 'completed', 'cancelled', 'pending'] as const;
  let first: { id: string; orderNumber: string; email: string } | undefined;
  for (let start = 0; start < ORDERS; start += 250) {
    const batch = Array.from({ length: Math.min(250, ORDERS - start) }, (_, i) => ({
      email: `bench-${start + i}@example.com`,
      name: `Bench Customer ${start + i}`,
      phone: '(714) 555-0101',
    }));
    const people = await db.insert(customers).values(batch).returning({ id: customers.id, email: customers.email });
    const placed = await db
      .insert(orders)
      .values(
        people.map((person, i) => ({
          customerId: person.id,
          modelId: i % 2 ? small.id : large.id,
          orderNumber: newOrderNumber(),
          btuTier: '12-14k',
          startDate: '2026-06-01',
          priceCents: 3900,
          status: statuses[(start + i) % statuses.length]!,
          address: `${start + i} Main Street`,
          city: 'Irvine',
          zipCode: '92612',
        })),
      )
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    first ??= { ...placed[0]!, email: people[0]!.email };
  }
  await holdCheckouts(database, large.id, HELD_CHECKOUTS);
  await createAgreement(db, { orderId: first!.id });
  await createAdminUser(db, { username: 'bench-admin', password: 'bench admin password' });
  // Thousands of checkouts a run: the van's windows must not be what refuses them.
  await giveRoomyDeliveryCapacity(db);
  return { ...first!, checkoutModelId: large.id };
}

/** `count` pending checkouts, each holding a unit for a window of the roomy capacity in the benchmark's 14 days. */
async function holdCheckouts(database: Database, modelId: string, count: number) {
  const { db } = database;
  const firstDay = todayInLosAngeles(new Date(Date.now() + 3 * 86_400_000));
  const heldUntil = new Date(Date.now() + 24 * 3_600_000);
  for (let start = 0; start < count; start += 250) {
    const size = Math.min(250, count - start);
    const people = await db
      .insert(customers)
      .values(Array.from({ length: size }, (_, i) => ({ email: `held-${start + i}@example.com`, name: 'Held Bench' })))
      .returning({ id: customers.id });
    const held = await db
      .insert(orders)
      .values(
        people.map((person, i) => {
          const n = start + i;
          const hour = 8 + (n % 10);
          return {
            customerId: person.id,
            modelId,
            orderNumber: newOrderNumber(),
            btuTier: '12-14k',
            startDate: firstDay,
            priceCents: 3900,
            status: 'pending',
            address: `${n} Held Street`,
            city: 'Irvine',
            zipCode: '92612',
            deliveryWindowDate: addDays(firstDay, Math.floor(n / 10) % 14),
            deliveryWindowStart: `${String(hour).padStart(2, '0')}:00`,
            deliveryWindowEnd: `${String(hour + 1).padStart(2, '0')}:00`,
          };
        }),
      )
      .returning({ id: orders.id });
    await db.insert(units).values(
      held.map((order, i) => ({
        modelId,
        serial: `BENCH-H-${String(start + i).padStart(6, '0')}`,
        brand: 'Midea',
        model: 'MAP12S1TBL',
        btu: 12_000,
        purchaseDate: new Date('2025-04-01T00:00:00Z'),
        purchasePrice: '449.00',
        heldByOrderId: order.id,
        heldUntil,
      })),
    );
  }
}
