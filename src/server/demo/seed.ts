import { asc, count, eq, sql } from 'drizzle-orm';
import { DEMO_ADMIN } from './credentials';
import type { Config } from '@/server/platform/config';
import type { Db } from '@/server/platform/db/client';
import { createAdminUser, createCustomer, createOrder, createUnit } from '@/server/platform/db/factories';
import { addMonths } from '@/server/platform/lib/months';
import { rentUnit } from '@/server/rentals/units/rentals';
import { ensureReferenceData } from '@/server/platform/db/reference-data';
import { unitModelCatalog } from '@/server/platform/db/unit-model-catalog';
import { seedDemoVisits } from './seed-visits';
import {
  adminUsers,
  localGatewayCustomers,
  localGatewaySubscriptions,
  subscriptions,
  unitModels,
  units,
} from '@/server/platform/db/schema';

// Status mix for each model's demo fleet: every status appears, most units are available.
const demoFleet = [
  ...Array<string>(7).fill('available'),
  ...Array<string>(3).fill('rented'),
  'maintenance',
  'damaged',
  'retired',
];

const demoCustomers = [
  {
    name: 'Maria Gonzalez',
    email: 'maria.gonzalez@example.com',
    phone: '(714) 555-0142',
    city: 'Santa Ana',
    zip: '92701',
  },
  { name: 'Kevin Tran', email: 'kevin.tran@example.com', phone: '(949) 555-0178', city: 'Irvine', zip: '92617' },
  {
    name: 'Aaliyah Johnson',
    email: 'aaliyah.johnson@example.com',
    phone: '(323) 555-0119',
    city: 'Los Angeles',
    zip: '90037',
  },
  { name: 'Daniel Kim', email: 'daniel.kim@example.com', phone: '(714) 555-0165', city: 'Fullerton', zip: '92831' },
  {
    name: 'Sofia Martinez',
    email: 'sofia.martinez@example.com',
    phone: '(562) 555-0133',
    city: 'Long Beach',
    zip: '90805',
  },
  {
    name: 'Ethan Nguyen',
    email: 'ethan.nguyen@example.com',
    phone: '(714) 555-0190',
    city: 'Garden Grove',
    zip: '92840',
  },
];

/**
 * Demo data, never in production: the reference data, then (when the database has no unit yet) a fleet over all
 * five unit statuses on the reference models, with customers renting some of it. Idempotent.
 */
export async function seedDemoData(db: Db, now = new Date()): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL must not seed twice.
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    await ensureReferenceData(tx);
    const [fleet] = await tx.select({ n: count() }).from(units);
    if ((fleet?.n ?? 0) > 0) return { seeded: false };
    const models = await tx.select().from(unitModels).orderBy(asc(unitModels.createdAt));

    let customerIndex = 0;
    for (const [modelIndex, spec] of [unitModelCatalog.small, unitModelCatalog.medium].entries()) {
      const model = models.find((candidate) => candidate.btuTier === spec.btuTier);
      if (!model) continue;
      for (const [unitIndex, status] of demoFleet.entries()) {
        const serial = `${spec.btuTier === '8-10k' ? 'CR10' : 'CR14'}-${String(unitIndex + 1).padStart(4, '0')}`;
        const unit = await createUnit(tx, {
          modelId: model.id,
          serial,
          brand: modelIndex === 0 ? 'Midea' : 'Whynter',
          model: modelIndex === 0 ? 'MAP10R1CWT' : 'ARC-14S',
          btu: modelIndex === 0 ? 10_000 : unitIndex % 2 === 0 ? 14_000 : 12_000,
          status,
          notes: status === 'damaged' ? 'Cracked exhaust hose; awaiting part' : null,
        });
        if (status !== 'rented') continue;
        const who = demoCustomers[customerIndex % demoCustomers.length]!;
        customerIndex += 1;
        const startDate = `2026-0${5 + (customerIndex % 4)}-1${customerIndex % 10}`;
        // Dated as if they signed up a few days before delivery, so the demo's history and analytics look real.
        const signedUpAt = new Date(`${startDate}T18:00:00Z`);
        signedUpAt.setUTCDate(signedUpAt.getUTCDate() - 3);
        // What the embedded payment provider holds for a customer who paid: a card on file and a subscription.
        const gatewayCustomerId = `cus_demo_${customerIndex}`;
        await tx
          .insert(localGatewayCustomers)
          .values({ id: gatewayCustomerId, email: who.email, cardBrand: 'visa', cardLast4: '4242' });
        const customer = await createCustomer(tx, {
          name: who.name,
          email: who.email,
          phone: who.phone,
          createdAt: signedUpAt,
          stripeCustomerId: gatewayCustomerId,
        });
        const order = await createOrder(tx, {
          customerId: customer.id,
          modelId: model.id,
          unitId: unit.id,
          btuTier: spec.btuTier,
          status: 'active',
          startDate,
          createdAt: signedUpAt,
          address: `${100 + customerIndex * 7} Orange Grove Ave`,
          city: who.city,
          zipCode: who.zip,
          stripeSubscriptionId: `sub_demo_${customerIndex}`,
        });
        // Billed monthly since the start date: the current period is the one that holds today.
        const anchor = new Date(`${startDate}T19:00:00Z`);
        let months = 0;
        while (addMonths(anchor, months + 1) <= now) months += 1;
        const period = {
          currentPeriodStart: addMonths(anchor, months),
          currentPeriodEnd: addMonths(anchor, months + 1),
        };
        await tx.insert(localGatewaySubscriptions).values({
          id: order.stripeSubscriptionId!,
          gatewayCustomerId,
          orderId: order.id,
          amountCents: order.priceCents,
          billingAnchor: anchor,
          ...period,
          createdAt: signedUpAt,
        });
        // The ledger as the provider's events would have left it (a demo has no history of them), so the
        // dashboard's recurring revenue counts these rentals (src/contracts/admin/figures.ts).
        await tx.insert(subscriptions).values({
          id: order.stripeSubscriptionId!,
          orderId: order.id,
          gatewayCustomerId,
          status: 'active',
          ...period,
          stateAt: period.currentPeriodStart,
        });
        await rentUnit(tx, { unitId: unit.id, orderId: order.id });
      }
    }
    await seedDemoVisits(tx, now);
    return { seeded: true };
  });
}

/**
 * Makes sure an admin can sign in: the one named by ADMIN_USERNAME/ADMIN_PASSWORD when set, else (outside
 * production, with no admin at all) the demo admin. Production with no admin and no variables is refused.
 */
export async function ensureAdmin(db: Db, config: Config): Promise<void> {
  await db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL must not both create the admin.
    await tx.execute(sql`select pg_advisory_xact_lock(727003)`);
    const { username, password } = config.admin;
    if (username && password) {
      const [existing] = await tx
        .select({ id: adminUsers.id })
        .from(adminUsers)
        .where(eq(adminUsers.username, username));
      // The operator's own account: always the admin role (it may then add staff from the Team tab).
      if (existing) return;
      // A placeholder address until they set theirs under Account; the demo's admin may already use the first one.
      const taken = new Set(
        (await tx.select({ email: adminUsers.email }).from(adminUsers)).map((row) => row.email.toLowerCase()),
      );
      const local = username.toLowerCase();
      let email = `${local}@coolrent.example`;
      for (let n = 2; taken.has(email); n += 1) email = `${local}-${n}@coolrent.example`;
      await createAdminUser(tx, { username, password, role: 'admin', email });
      return;
    }
    const [row] = await tx.select({ n: count() }).from(adminUsers);
    if ((row?.n ?? 0) > 0) return;
    if (config.isProduction) {
      throw new Error('No admin user exists: set ADMIN_USERNAME and ADMIN_PASSWORD for the first production start.');
    }
    await createAdminUser(tx, { ...DEMO_ADMIN, email: 'owner@coolrent.example' });
  });
}
