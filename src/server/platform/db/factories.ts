import { randomUUID } from 'node:crypto';
import type { Db } from './client';
import {
  additionalFees,
  adminUsers,
  agreements,
  cancellationRequests,
  customers,
  deliveryTasks,
  emailTemplates,
  orders,
  unitModels,
  units,
} from './schema';
import { newOrderNumber } from '@/server/platform/lib/order-number';
import { unitModelCatalog } from './unit-model-catalog';
import { hashPassword } from '@/server/platform/lib/password';

/**
 * One set of factories for the demo seed and the tests. Each takes overrides and fills the rest with valid,
 * unique values, so a test states only what it is about.
 */
type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

const unique = () => randomUUID().slice(0, 8);

export async function createUnitModel(db: Db, overrides: Partial<Insert<typeof unitModels>> = {}) {
  const [row] = await db
    .insert(unitModels)
    .values({ ...unitModelCatalog.medium, ...overrides })
    .returning();
  return row!;
}

export async function createUnit(db: Db, overrides: Partial<Insert<typeof units>> & { modelId: string }) {
  const [row] = await db
    .insert(units)
    .values({
      serial: `SN-${unique().toUpperCase()}`,
      brand: 'Midea',
      model: 'MAP12S1TBL',
      btu: 12_000,
      purchaseDate: new Date('2025-04-01T00:00:00Z'),
      purchasePrice: '449.00',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createCustomer(db: Db, overrides: Partial<Insert<typeof customers>> = {}) {
  const [row] = await db
    .insert(customers)
    .values({
      email: `customer-${unique()}@example.com`,
      name: 'Jordan Rivera',
      phone: '(714) 555-0101',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createOrder(
  db: Db,
  overrides: Partial<Insert<typeof orders>> & { customerId: string; modelId: string },
) {
  const [row] = await db
    .insert(orders)
    .values({
      orderNumber: newOrderNumber(),
      btuTier: '12-14k',
      startDate: '2026-06-01',
      priceCents: 3900,
      address: '123 Main Street',
      city: 'Irvine',
      zipCode: '92612',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createAdminUser(
  db: Db,
  overrides: Partial<Omit<Insert<typeof adminUsers>, 'password'>> & { password?: string } = {},
) {
  const { password = 'correct horse battery', ...rest } = overrides;
  const username = rest.username ?? `admin-${unique()}`;
  const [row] = await db
    .insert(adminUsers)
    .values({ email: `${username}@coolrent.example`, ...rest, username, password: await hashPassword(password) })
    .returning();
  return row!;
}

export async function createEmailTemplate(db: Db, overrides: Partial<Insert<typeof emailTemplates>> = {}) {
  const [row] = await db
    .insert(emailTemplates)
    .values({
      name: `Template ${unique()}`,
      subject: 'Hello {{customerName}}',
      body: 'Hi {{customerName}},\n\nThanks for renting with us.',
      templateType: 'general',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createAdditionalFee(
  db: Db,
  overrides: Partial<Insert<typeof additionalFees>> & { customerId: string; createdBy: string },
) {
  const [row] = await db
    .insert(additionalFees)
    .values({ feeType: 'damage', description: 'Cracked exhaust hose', amountCents: 2500, ...overrides })
    .returning();
  return row!;
}

export async function createDeliveryTask(
  db: Db,
  overrides: Partial<Insert<typeof deliveryTasks>> & { orderId: string },
) {
  const [row] = await db
    .insert(deliveryTasks)
    .values({ type: 'delivery', scheduledDate: '2026-06-01', ...overrides })
    .returning();
  return row!;
}

export async function createCancellationRequest(
  db: Db,
  overrides: Partial<Insert<typeof cancellationRequests>> & { orderId: string; customerId: string },
) {
  const [row] = await db
    .insert(cancellationRequests)
    .values({ effectiveDate: '2026-10-01', reason: 'Moving out of the area at the end of summer', ...overrides })
    .returning();
  return row!;
}

export async function createAgreement(db: Db, overrides: Partial<Insert<typeof agreements>> & { orderId: string }) {
  const now = new Date();
  const [row] = await db
    .insert(agreements)
    .values({
      html: '<h1>Rental agreement</h1>',
      signedAt: now,
      typedName: 'Jordan Rivera',
      checkboxTimestamp: now,
      ...overrides,
    })
    .returning();
  return row!;
}
