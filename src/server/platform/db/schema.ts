import { sql } from 'drizzle-orm';
import {
  customType,
  jsonb,
  primaryKey,
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

// Columns are camelCase here and snake_case in SQL (drizzle `casing: 'snake_case'`).
const id = () => uuid().primaryKey().defaultRandom();
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const customers = pgTable(
  'customers',
  {
    id: id(),
    email: varchar({ length: 255 }).notNull().unique(),
    name: varchar({ length: 255 }).notNull(),
    phone: varchar({ length: 20 }),
    stripeCustomerId: varchar({ length: 255 }).unique(),
    // The language the customer uses ('en' | 'es'); their e-mails follow it.
    locale: varchar({ length: 10 }).notNull().default('en'),
    // What the hold limits count of the e-mail (units/limit-keys.ts emailLimitKey; migration 0025 generates it).
    emailKey: varchar({ length: 255 }).generatedAlwaysAs(sql`email_limit_key(email)`),
    // Ever paid (customerHasPaidSql's rule), kept by migration 0029's triggers: set, never cleared (ADR 042).
    hasPaid: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customers_created_at_idx').on(t.createdAt),
    index('customers_email_key_idx').on(t.emailKey),
    // Case-insensitive substring search by name or e-mail (admin customer search; needs pg_trgm).
    index('customers_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('customers_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    // The phone order's look-up of a customer by phone number, digits only (admin/order-desk/phone-orders).
    index('customers_phone_digits_idx').using('btree', sql`regexp_replace(${t.phone}, '\\D', '', 'g')`),
  ],
);

export const unitModels = pgTable('unit_models', {
  id: id(),
  name: varchar({ length: 100 }).notNull(),
  btuTier: varchar({ length: 20 }).notNull(),
  monthlyPrice: integer().notNull(),
  // Not in the spec's table but in its catalog shape: the weekly price in cents.
  weeklyPrice: integer().notNull(),
  recommendedRoomSize: varchar({ length: 100 }),
  hoseType: varchar({ length: 20 }),
  description: text(),
  // The same three in Spanish, written by the owner; a Spanish reader sees the English where one is blank (0026).
  nameEs: varchar({ length: 100 }),
  recommendedRoomSizeEs: varchar({ length: 100 }),
  descriptionEs: text(),
  // An inactive model is not offered for rent; a model with orders is deactivated, never deleted.
  active: boolean().notNull().default(true),
  // An uploaded photo that replaces the drawing (served with caching; the timestamp versions its URL).
  photo: bytea(),
  photoType: varchar({ length: 50 }),
  photoUpdatedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});

export const units = pgTable(
  'units',
  {
    id: id(),
    serial: varchar({ length: 50 }).notNull().unique(),
    modelId: uuid()
      .notNull()
      .references(() => unitModels.id),
    brand: varchar({ length: 100 }).notNull(),
    model: varchar({ length: 100 }).notNull(),
    btu: integer().notNull(),
    purchaseDate: timestamp({ withTimezone: true }).notNull(),
    purchasePrice: numeric({ precision: 10, scale: 2 }).notNull(),
    status: varchar({ length: 20 }).notNull().default('available'),
    notes: text(),
    currentOrderId: uuid().references((): AnyPgColumnRef => orders.id, { onDelete: 'set null' }),
    // A checkout's 30-minute hold: the unit stays 'available' but is not offered while held_until is in the future.
    heldByOrderId: uuid().references((): AnyPgColumnRef => orders.id, { onDelete: 'set null' }),
    heldUntil: timestamp({ withTimezone: true }),
    // The address the holding checkout came from: live holds are bounded per client (rentals/units/hold-limits.ts).
    // Cleared with the hold, so an address is kept only while its hold lasts.
    heldForClient: varchar({ length: 64 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('units_model_status_idx').on(t.modelId, t.status),
    index('units_status_idx').on(t.status),
    index('units_current_order_id_idx').on(t.currentOrderId),
    index('units_held_by_order_id_idx').on(t.heldByOrderId),
    // Checkout's pick (units/holds.ts): the first entry of a model is a free unit (never held or released first,
    // then the longest-expired hold), so a pick reads one row, not the model's fleet, however many are held.
    index('units_offerable_pick_idx')
      .on(t.modelId, t.heldUntil.asc().nullsFirst(), t.serial)
      .where(sql`${t.status} = 'available'`),
    // The hold limits' count per client address (rentals/units/hold-limits.ts).
    index('units_held_for_client_idx')
      .on(t.heldForClient, t.heldUntil)
      .where(sql`${t.heldForClient} is not null`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNumber: varchar({ length: 20 }).notNull().unique(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id),
    unitId: uuid().references((): AnyPgColumnRef => units.id, { onDelete: 'set null' }),
    modelId: uuid()
      .notNull()
      .references(() => unitModels.id),
    type: varchar({ length: 20 }).notNull().default('monthly'),
    btuTier: varchar({ length: 20 }).notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }),
    monthsMin: integer().notNull().default(4),
    priceCents: integer().notNull(),
    stripeSessionId: varchar({ length: 255 }).unique(),
    stripeSubscriptionId: varchar({ length: 255 }),
    status: varchar({ length: 20 }).notNull().default('pending'),
    address: text().notNull(),
    city: varchar({ length: 100 }).notNull(),
    zipCode: varchar({ length: 10 }).notNull(),
    buildingNotes: text(),
    // The hosted payment page of the current checkout, returned again on a double submit.
    checkoutUrl: text(),
    // The client's idempotency key for create-session: the same key returns the same order and session.
    checkoutKey: varchar({ length: 100 }).unique(),
    // Billing as the ledger says, kept with the order for lists: current, past_due, suspended, ended
    // (src/server/billing/billing-status.ts; docs/decisions/013-dunning-and-scheduled-work.md).
    billingStatus: varchar({ length: 20 }).notNull().default('current'),
    // Why the system (not the owner) cancelled the order, e.g. a checkout that never reached the payment page.
    cancelReason: text(),
    // The delivery charge for an address between the free radius and the service radius, billed on the first
    // invoice; 0 within the free radius. The distance from the depot that set it, in miles.
    deliveryChargeCents: integer().notNull().default(0),
    deliveryMiles: numeric({ precision: 6, scale: 1 }),
    // 'checkout' (the public checkout) or 'phone' (taken by the owner in the dashboard; ADR 034): a phone order is
    // signed and paid through an e-mailed link whose key is an HMAC of the order id and link_version.
    source: varchar({ length: 20 }).notNull().default('checkout'),
    // What the per-address hold limit counts (units/limit-keys.ts placeLimitKey): written with the order.
    placeKey: varchar({ length: 300 }),
    linkVersion: integer().notNull().default(0),
    linkSentAt: timestamp({ withTimezone: true }),
    linkOpenedAt: timestamp({ withTimezone: true }),
    linkSignedAt: timestamp({ withTimezone: true }),
    // The delivery window booked at checkout (ADR 035): its day and 'HH:MM' start and end. While the order is pending
    // with a live hold it counts against the window's capacity; paid, its delivery visit is scheduled in it.
    deliveryWindowDate: date({ mode: 'string' }),
    deliveryWindowStart: varchar({ length: 5 }),
    deliveryWindowEnd: varchar({ length: 5 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The phone orders' sweep: pending phone orders whose hold ended (rentals/phone-orders/sweep.ts).
    index('orders_pending_phone_idx')
      .on(t.createdAt)
      .where(sql`${t.source} = 'phone' and ${t.status} = 'pending'`),
    // A window's pending holds (delivery_window_taken, migration 0023; by window since 0033).
    index('orders_pending_window_start_idx')
      .on(t.deliveryWindowDate, t.deliveryWindowStart)
      .where(sql`${t.status} = 'pending' and ${t.deliveryWindowDate} is not null`),
    index('orders_customer_id_idx').on(t.customerId, t.createdAt),
    index('orders_billing_status_idx')
      .on(t.billingStatus)
      .where(sql`${t.billingStatus} <> 'current'`),
    index('orders_unit_id_idx').on(t.unitId),
    index('orders_model_id_idx').on(t.modelId),
    index('orders_status_created_at_idx').on(t.status, t.createdAt),
    index('orders_created_at_idx').on(t.createdAt),
    // The retention sweep's candidates, oldest first (migration 0028; retention.ts's row conditions).
    index('orders_unpaid_checkout_created_at_idx')
      .on(t.createdAt)
      .where(
        sql`${t.status} in ('pending', 'cancelled') and ${t.endDate} is null and ${t.stripeSubscriptionId} is null and ${t.unitId} is null and ${t.linkSignedAt} is null`,
      ),
    // The billing ledger finds an order by its provider subscription.
    index('orders_stripe_subscription_id_idx').on(t.stripeSubscriptionId),
    index('orders_start_date_idx').on(t.startDate),
    // The admin orders list filtered by plan type (count and newest-first page); see bench/admin-lists.ts.
    index('orders_type_created_at_idx').on(t.type, t.createdAt),
    index('orders_order_number_trgm_idx').using('gin', sql`lower(${t.orderNumber}) gin_trgm_ops`),
    // The hold limits' count per delivery address, on the address as rentals/units/hold-limits.ts normalises it.
    index('orders_delivery_place_idx').on(t.zipCode, sql`lower(regexp_replace(trim(${t.address}), '\\s+', ' ', 'g'))`),
    index('orders_place_key_idx').on(t.placeKey),
    index('orders_place_key_missing_idx')
      .on(t.createdAt)
      .where(sql`${t.placeKey} is null`),
  ],
);

// Drizzle needs an explicit return type for the units <-> orders reference cycle.
type AnyPgColumnRef = AnyPgColumn;

export const agreements = pgTable(
  'agreements',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    html: text().notNull(),
    pdfUrl: varchar({ length: 500 }),
    // The generated PDF itself, kept in the database so every instance can serve it.
    pdfData: bytea(),
    signedAt: timestamp({ withTimezone: true }).notNull(),
    ipAddress: varchar({ length: 45 }),
    typedName: varchar({ length: 255 }).notNull(),
    checkboxTimestamp: timestamp({ withTimezone: true }).notNull(),
    version: varchar({ length: 10 }).notNull().default('1.0'),
    // The language the agreement was shown and signed in.
    locale: varchar({ length: 10 }).notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [index('agreements_order_id_idx').on(t.orderId)],
);

export const deliveryTasks = pgTable(
  'delivery_tasks',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // delivery | pickup | service (a customer's "my unit needs service") | swap (one visit: new unit in, old out)
    type: varchar({ length: 20 }).notNull(),
    scheduledDate: date({ mode: 'string' }),
    // The visit's time window on scheduledDate (e.g. 'morning'); see src/contracts for the allowed values.
    timeWindow: varchar({ length: 20 }),
    completedAt: timestamp({ withTimezone: true }),
    // pending (not yet scheduled) → scheduled → completed | cancelled
    status: varchar({ length: 20 }).notNull().default('pending'),
    notes: text(),
    // The unit the crew brings (a delivery, or a swap's replacement).
    unitId: uuid().references((): AnyPgColumnRef => units.id, { onDelete: 'set null' }),
    // The unit the crew takes away (a pickup, or a swap's returned unit).
    collectUnitId: uuid().references((): AnyPgColumnRef => units.id, { onDelete: 'set null' }),
    // A service call: what the customer says is wrong, the day they would like, and how it ended.
    problem: text(),
    preferredDate: date({ mode: 'string' }),
    resolution: text(),
    // customer | owner | system
    requestedBy: varchar({ length: 20 }).notNull().default('system'),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('delivery_tasks_order_id_idx').on(t.orderId),
    index('delivery_tasks_status_idx').on(t.status),
    // The Deliveries tab and the route sheet read one day's open visits.
    index('delivery_tasks_day_idx').on(t.scheduledDate, t.status),
  ],
);

/** Business settings the owner changes from the dashboard (depot ZIP, service radius, delivery charge…): one row a key. */
export const businessSettings = pgTable('business_settings', {
  key: varchar({ length: 100 }).primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * Someone who asked to hear from us: an address outside the service area ('service_area'), a model back in stock
 * ('restock'). `dedupeKey` makes the same request from the same e-mail one row.
 */
export const leads = pgTable(
  'leads',
  {
    id: id(),
    kind: varchar({ length: 20 }).notNull(),
    email: varchar({ length: 255 }).notNull(),
    zipCode: varchar({ length: 10 }),
    modelId: uuid().references(() => unitModels.id, { onDelete: 'set null' }),
    locale: varchar({ length: 10 }).notNull().default('en'),
    dedupeKey: varchar({ length: 400 }).notNull().unique(),
    notifiedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('leads_kind_created_at_idx').on(t.kind, t.createdAt)],
);

/**
 * Checkouts turned away, one row each, for analytics' unmet demand (issue 30): 'service_area' (with the ZIP),
 * 'out_of_stock' (with the model asked for, if any) and 'capacity' (no delivery window left). Written apart from the
 * refused checkout's transaction, which keeps nothing; one per client address, day, reason, ZIP and model.
 */
export const checkoutRefusals = pgTable(
  'checkout_refusals',
  {
    id: id(),
    day: date({ mode: 'string' }).notNull(),
    reason: varchar({ length: 20 }).notNull(),
    zipCode: varchar({ length: 10 }),
    modelId: uuid(),
    // One row per client address, day, reason, ZIP and model: trying again is one refusal (refusal-log.ts).
    dedupeKey: varchar({ length: 200 }).unique(),
    createdAt: createdAt(),
  },
  (t) => [index('checkout_refusals_day_idx').on(t.day, t.reason)],
);

/**
 * The fair waitlist (issue 30, ADR 036): one row per place in an out-of-stock model's line. 'waiting' entries are
 * in line (the owner's moved-up ones first, by when, then by when they joined); 'offered' ones hold a unit
 * (units.held_for_client = 'waitlist:<id>') until offered_until; the rest ended ('rented', 'lapsed', 'left',
 * 'removed'), kept for the owner's history and analytics. One live place per e-mail and model.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    modelId: uuid()
      .notNull()
      .references(() => unitModels.id, { onDelete: 'cascade' }),
    email: varchar({ length: 255 }).notNull(),
    zipCode: varchar({ length: 10 }),
    locale: varchar({ length: 10 }).notNull().default('en'),
    status: varchar({ length: 10 }).notNull().default('waiting'),
    movedUpAt: timestamp({ withTimezone: true }),
    movedUpReason: text(),
    offeredAt: timestamp({ withTimezone: true }),
    offeredUntil: timestamp({ withTimezone: true }),
    offeredUnitId: uuid().references((): AnyPgColumnRef => units.id, { onDelete: 'set null' }),
    orderId: uuid().references((): AnyPgColumnRef => orders.id, { onDelete: 'set null' }),
    endedAt: timestamp({ withTimezone: true }),
    endedReason: text(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'waitlist_entries_status_check',
      sql`${t.status} IN ('waiting', 'offered', 'rented', 'lapsed', 'left', 'removed')`,
    ),
    uniqueIndex('waitlist_entries_live_email_idx')
      .on(t.modelId, t.email)
      .where(sql`${t.status} IN ('waiting', 'offered')`),
    index('waitlist_entries_line_idx')
      .on(t.modelId, t.movedUpAt, t.createdAt)
      .where(sql`${t.status} = 'waiting'`),
    index('waitlist_entries_offered_idx')
      .on(t.offeredUntil)
      .where(sql`${t.status} = 'offered'`),
    index('waitlist_entries_created_at_idx').on(t.createdAt),
  ],
);

/** Messages sent from the public contact form; the owner sees them in the dashboard. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: varchar({ length: 255 }).notNull(),
    email: varchar({ length: 255 }).notNull(),
    phone: varchar({ length: 20 }),
    message: text().notNull(),
    locale: varchar({ length: 10 }).notNull().default('en'),
    handledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);

export const adminUsers = pgTable('admin_users', {
  id: id(),
  username: varchar({ length: 50 }).notNull().unique(),
  email: varchar({ length: 255 }).notNull().unique(),
  password: varchar({ length: 255 }).notNull(),
  role: varchar({ length: 20 }).notNull().default('admin'),
  // A disabled admin cannot sign in and loses its sessions; the row stays for the audit trail.
  disabledAt: timestamp({ withTimezone: true }),
  // Two-factor sign-in (ADR 031): the authenticator app's shared secret, sealed with a key derived from
  // SESSION_SECRET (platform/auth/secret-box.ts). Set while being set up; in force once totpEnabledAt is set.
  totpSecret: text(),
  totpEnabledAt: timestamp({ withTimezone: true }),
  // The newest 30-second time step a code was accepted for: a code is never accepted twice.
  totpLastStep: integer(),
  createdAt: createdAt(),
});

/**
 * An admin's single-use recovery codes for two-factor sign-in (ADR 031): SHA-256 of 80 random bits each, so a leaked
 * table gives nothing to guess from. Replaced all at once when two-factor is set up again.
 */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: id(),
    adminUserId: uuid()
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    codeHash: varchar({ length: 64 }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admin_recovery_codes_admin_user_id_code_hash_idx').on(t.adminUserId, t.codeHash)],
);

export const additionalFees = pgTable(
  'additional_fees',
  {
    id: id(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id),
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    feeType: varchar({ length: 50 }).notNull(),
    description: text().notNull(),
    amountCents: integer().notNull(),
    status: varchar({ length: 20 }).notNull().default('pending'),
    stripeInvoiceId: varchar({ length: 255 }),
    // The provider's invoice that billed the fee on its own, when no renewal was due to carry it (issue 27).
    invoiceId: varchar({ length: 255 }),
    // The unpaid invoice a late fee is for (one late fee per invoice).
    sourceInvoiceId: varchar({ length: 255 }),
    // Null for a fee the system created from the agreement's rules (a late fee), like email_logs.sentBy.
    createdBy: uuid().references(() => adminUsers.id),
    createdAt: createdAt(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('additional_fees_customer_id_idx').on(t.customerId),
    index('additional_fees_order_id_idx').on(t.orderId),
    index('additional_fees_invoice_id_idx').on(t.invoiceId),
    index('additional_fees_created_by_idx').on(t.createdBy),
    index('additional_fees_status_created_at_idx').on(t.status, t.createdAt),
    // The fees CSV export walks every fee newest first (keyset by created_at, id): ADR 020.
    index('additional_fees_created_at_idx').on(t.createdAt, t.id),
    // The agreement's early-termination fee is charged once per order, however often a cancellation is approved.
    uniqueIndex('additional_fees_one_early_termination_idx')
      .on(t.orderId)
      .where(sql`${t.feeType} = 'early_termination'`),
    // The agreement's late fee is charged once per unpaid invoice.
    uniqueIndex('additional_fees_one_late_fee_idx')
      .on(t.sourceInvoiceId)
      .where(sql`${t.feeType} = 'late_fee'`),
  ],
);

export const emailTemplates = pgTable(
  'email_templates',
  {
    id: id(),
    name: varchar({ length: 100 }).notNull(),
    subject: varchar({ length: 200 }).notNull(),
    body: text().notNull(),
    templateType: varchar({ length: 50 }).notNull(),
    /** The language of its subject and body: a customer's e-mail uses their language's template (ADR 026). */
    locale: varchar({ length: 10 }).notNull().default('en'),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('email_templates_template_type_idx').on(t.templateType, t.locale)],
);

export const emailLogs = pgTable(
  'email_logs',
  {
    id: id(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id),
    templateId: uuid().references(() => emailTemplates.id, { onDelete: 'set null' }),
    subject: varchar({ length: 200 }).notNull(),
    body: text().notNull(),
    recipientEmail: varchar({ length: 255 }).notNull(),
    status: varchar({ length: 20 }).notNull().default('sent'),
    // The spec requires sentBy; e-mails the system sends itself (confirmations, receipts) have no admin, so null
    // means "sent by the system" (docs/decisions/003-schema-additions.md).
    sentBy: uuid().references(() => adminUsers.id),
    errorMessage: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_logs_customer_id_idx').on(t.customerId),
    index('email_logs_template_id_idx').on(t.templateId),
    index('email_logs_sent_by_idx').on(t.sentBy),
    index('email_logs_created_at_idx').on(t.createdAt),
  ],
);

export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: id(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    // SHA-256 of the cookie's random token: a leaked table grants nothing.
    token: varchar({ length: 255 }).notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('customer_sessions_customer_id_idx').on(t.customerId)],
);

export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: id(),
    adminUserId: uuid()
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    token: varchar({ length: 255 }).notNull().unique(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_sessions_admin_user_id_idx').on(t.adminUserId)],
);

export const cancellationRequests = pgTable(
  'cancellation_requests',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: uuid()
      .notNull()
      .references(() => customers.id),
    requestDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    effectiveDate: date({ mode: 'string' }).notNull(),
    reason: text(),
    status: varchar({ length: 20 }).notNull().default('pending'),
    processedAt: timestamp({ withTimezone: true }),
    processedBy: uuid().references(() => adminUsers.id),
    notes: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('cancellation_requests_order_id_idx').on(t.orderId),
    index('cancellation_requests_customer_id_idx').on(t.customerId),
    index('cancellation_requests_processed_by_idx').on(t.processedBy),
    // One pending request per order.
    uniqueIndex('cancellation_requests_one_pending_idx')
      .on(t.orderId)
      .where(sql`status = 'pending'`),
  ],
);

/** Webhook events already handled: the primary key makes a replay or a concurrent duplicate a no-op. */
export const paymentEvents = pgTable('payment_events', {
  id: varchar({ length: 255 }).primaryKey(),
  type: varchar({ length: 100 }).notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The billing ledger: the provider's subscriptions and invoices as its verified webhook events last described
 * them (docs/decisions/012-billing-ledger.md). Written only by src/server/rentals/orders; `stateAt` is the provider's
 * time of the state held (the event's `created`), so an older event never overwrites a newer state.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: varchar({ length: 255 }).primaryKey(),
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    gatewayCustomerId: varchar({ length: 255 }),
    status: varchar({ length: 30 }).notNull(),
    currentPeriodStart: timestamp({ withTimezone: true }),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    cancelAt: timestamp({ withTimezone: true }),
    canceledAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    stateAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_order_id_idx').on(t.orderId),
    // Recurring revenue's pieces, in id order (migration 0030; CURRENT_SUBSCRIPTION_STATUSES).
    index('subscriptions_current_idx')
      .on(t.id)
      .where(sql`${t.endedAt} is null and ${t.status} in ('trialing', 'active', 'past_due')`),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: varchar({ length: 255 }).primaryKey(),
    // No foreign key: an invoice's events may arrive before its subscription's.
    subscriptionId: varchar({ length: 255 }),
    // An invoice of its own (a fee billed at once, no subscription): its order, from the provider's metadata.orderId.
    orderId: uuid(),
    gatewayCustomerId: varchar({ length: 255 }),
    status: varchar({ length: 20 }).notNull(),
    amountDueCents: integer().notNull(),
    amountPaidCents: integer().notNull(),
    attemptCount: integer().notNull().default(0),
    nextPaymentAttemptAt: timestamp({ withTimezone: true }),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    hostedInvoiceUrl: text(),
    // Why the provider issued it: 'subscription_create' is the checkout's (the first month), 'subscription_cycle' a
    // renewal, 'manual' an invoice of its own.
    billingReason: varchar({ length: 40 }),
    // When the first charge attempt failed (the earliest payment_failed event): the late fee counts from it.
    firstFailedAt: timestamp({ withTimezone: true }),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    stateAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('invoices_subscription_id_idx').on(t.subscriptionId, t.issuedAt),
    index('invoices_order_id_idx').on(t.orderId, t.issuedAt),
    // The invoices CSV export: newest first by issue date, in a date range (keyset by issued_at, id): ADR 020.
    index('invoices_issued_at_idx').on(t.issuedAt, t.id),
    // A customer's invoices (migration 0029's link trigger, the figures' credits); collected revenue by month.
    index('invoices_gateway_customer_id_idx').on(t.gatewayCustomerId),
    index('invoices_paid_at_idx')
      .on(t.paidAt)
      .where(sql`${t.status} = 'paid'`),
    index('invoices_open_failed_idx')
      .on(t.firstFailedAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: varchar({ length: 255 }).primaryKey(),
    invoiceId: varchar({ length: 255 })
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    // 'rent' (the subscription's price) or 'item' (an invoice item: a fee).
    kind: varchar({ length: 10 }).notNull(),
    invoiceItemId: varchar({ length: 255 }),
    description: text(),
    amountCents: integer().notNull(),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('invoice_lines_invoice_id_idx').on(t.invoiceId),
    index('invoice_lines_invoice_item_id_idx').on(t.invoiceItemId),
  ],
);

/** The local payment gateway's own records (the embedded stand-in for Stripe's hosted pages). */
export const localGatewayCustomers = pgTable('local_gateway_customers', {
  id: varchar({ length: 255 }).primaryKey(),
  email: varchar({ length: 255 }).notNull(),
  cardBrand: varchar({ length: 20 }),
  cardLast4: varchar({ length: 4 }),
  // A card that can be saved but every charge fails (Stripe's 4000 0000 0000 0341).
  cardChargesFail: boolean().notNull().default(false),
  // Stripe's customer balance: negative is credit, taken off the next invoice when it is finalized (ADR 030).
  balanceCents: integer().notNull().default(0),
  createdAt: createdAt(),
});

export const localGatewaySessions = pgTable(
  'local_gateway_sessions',
  {
    id: varchar({ length: 255 }).primaryKey(),
    kind: varchar({ length: 20 }).notNull().default('checkout'),
    gatewayCustomerId: varchar({ length: 255 })
      .notNull()
      .references(() => localGatewayCustomers.id),
    orderId: uuid().references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer().notNull().default(0),
    // One-time charges paid with the first period (the delivery charge), as a Checkout Session's one-time prices.
    oneTimeItems: jsonb().$type<Array<{ amountCents: number; description: string }>>().notNull().default([]),
    // The recurring price's interval the paid session's subscription renews at: 'month' or 'week' (the weekly plan).
    interval: varchar({ length: 10 }).notNull().default('month'),
    status: varchar({ length: 20 }).notNull().default('open'),
    successUrl: text().notNull(),
    cancelUrl: text().notNull(),
    subscriptionId: varchar({ length: 255 }),
    // Checkout's subscription_data.trial_end: the first renewal (the rental's start date + 1 month, ADR 012).
    trialEnd: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('local_gateway_sessions_customer_idx').on(t.gatewayCustomerId),
    index('local_gateway_sessions_order_id_idx').on(t.orderId),
  ],
);

/** The local gateway's subscriptions: what Stripe would hold for each paid checkout. */
export const localGatewaySubscriptions = pgTable(
  'local_gateway_subscriptions',
  {
    id: varchar({ length: 255 }).primaryKey(),
    gatewayCustomerId: varchar({ length: 255 })
      .notNull()
      .references(() => localGatewayCustomers.id),
    orderId: uuid().references(() => orders.id, { onDelete: 'cascade' }),
    status: varchar({ length: 30 }).notNull().default('active'),
    amountCents: integer().notNull(),
    currentPeriodStart: timestamp({ withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
    cancelAt: timestamp({ withTimezone: true }),
    canceledAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    // Renewals fall on this instant's day of the month (the month's last day when it is shorter), as on Stripe.
    billingAnchor: timestamp({ withTimezone: true }),
    // A subscription opened with a trial: no rent billed before trialEnd (the first month was a one-time price).
    trialStart: timestamp({ withTimezone: true }),
    trialEnd: timestamp({ withTimezone: true }),
    latestInvoiceId: varchar({ length: 255 }),
    // The price's recurring interval: 'month' or 'week' (the weekly plan).
    interval: varchar({ length: 10 }).notNull().default('month'),
    createdAt: createdAt(),
  },
  (t) => [
    index('local_gateway_subscriptions_order_id_idx').on(t.orderId),
    index('local_gateway_subscriptions_status_period_end_idx').on(t.status, t.currentPeriodEnd),
  ],
);

/** The local gateway's invoices; `lines` as the simulator built them (rent and invoice items). */
export const localGatewayInvoices = pgTable(
  'local_gateway_invoices',
  {
    id: varchar({ length: 255 }).primaryKey(),
    // Null for an invoice of its own (fees billed at once: ./local/standalone-invoices.ts).
    subscriptionId: varchar({ length: 255 }).references(() => localGatewaySubscriptions.id),
    gatewayCustomerId: varchar({ length: 255 })
      .notNull()
      .references(() => localGatewayCustomers.id),
    // An invoice of its own: its metadata.orderId, its hosted page, and the Idempotency-Key that created it.
    orderId: uuid(),
    hostedInvoiceUrl: text(),
    idempotencyKey: varchar({ length: 255 }).unique(),
    status: varchar({ length: 20 }).notNull(),
    billingReason: varchar({ length: 30 }).notNull(),
    amountDueCents: integer().notNull(),
    amountPaidCents: integer().notNull().default(0),
    attemptCount: integer().notNull().default(0),
    nextPaymentAttempt: timestamp({ withTimezone: true }),
    firstFailedAt: timestamp({ withTimezone: true }),
    // The customer's balance applied when it was finalized, what was left of it after, and what credit notes took
    // back once it was paid (Stripe's starting_balance, ending_balance, post_payment_credit_notes_amount): ADR 030.
    startingBalanceCents: integer().notNull().default(0),
    endingBalanceCents: integer(),
    creditedCents: integer().notNull().default(0),
    lines: jsonb().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    finalizedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('local_gateway_invoices_subscription_idx').on(t.subscriptionId),
    index('local_gateway_invoices_status_next_attempt_idx').on(t.status, t.nextPaymentAttempt),
  ],
);

/** Invoice items waiting for the customer's next invoice (our fees), then billed on it. */
export const localGatewayInvoiceItems = pgTable(
  'local_gateway_invoice_items',
  {
    id: varchar({ length: 255 }).primaryKey(),
    gatewayCustomerId: varchar({ length: 255 })
      .notNull()
      .references(() => localGatewayCustomers.id),
    amountCents: integer().notNull(),
    description: text().notNull(),
    invoiceId: varchar({ length: 255 }),
    // Stripe's Idempotency-Key: a repeated create answers with the item made the first time.
    idempotencyKey: varchar({ length: 255 }).unique(),
    createdAt: createdAt(),
  },
  (t) => [index('local_gateway_invoice_items_customer_idx').on(t.gatewayCustomerId, t.invoiceId)],
);

/** Events the local gateway has to deliver to our webhook, in the order it produced them. */
export const localGatewayEvents = pgTable(
  'local_gateway_events',
  {
    seq: integer().primaryKey().generatedAlwaysAsIdentity(),
    id: varchar({ length: 255 }).notNull().unique(),
    type: varchar({ length: 100 }).notNull(),
    payload: text().notNull(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('local_gateway_events_pending_idx')
      .on(t.seq)
      .where(sql`${t.deliveredAt} is null`),
  ],
);

/** The local gateway's credit notes: money given back on a paid invoice (Stripe's refund_amount), once per key. */
export const localGatewayCreditNotes = pgTable(
  'local_gateway_credit_notes',
  {
    id: varchar({ length: 255 }).primaryKey(),
    invoiceId: varchar({ length: 255 })
      .notNull()
      .references(() => localGatewayInvoices.id),
    invoiceLineId: varchar({ length: 255 }),
    amountCents: integer().notNull(),
    memo: text().notNull(),
    idempotencyKey: varchar({ length: 255 }).notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('local_gateway_credit_notes_invoice_idx').on(t.invoiceId)],
);

/** The local gateway's customer balance transactions (a credit is a negative amount), once per key. */
export const localGatewayBalanceTransactions = pgTable(
  'local_gateway_balance_transactions',
  {
    id: varchar({ length: 255 }).primaryKey(),
    gatewayCustomerId: varchar({ length: 255 })
      .notNull()
      .references(() => localGatewayCustomers.id),
    amountCents: integer().notNull(),
    endingBalanceCents: integer().notNull(),
    description: text().notNull(),
    idempotencyKey: varchar({ length: 255 }).notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('local_gateway_balance_transactions_customer_idx').on(t.gatewayCustomerId)],
);

/** The demo's billing clock: how far it runs ahead of real time (one row). */
export const localGatewayClock = pgTable('local_gateway_clock', {
  id: integer().primaryKey(),
  offsetMs: bigint({ mode: 'number' }).notNull(),
});

/** One-time sign-in links sent by e-mail (single use, 7 days); only a hash of the token is stored. */
export const customerLoginLinks = pgTable(
  'customer_login_links',
  {
    id: id(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    token: varchar({ length: 255 }).notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_login_links_customer_id_idx').on(t.customerId),
    index('customer_login_links_order_id_idx').on(t.orderId),
  ],
);

/** Who changed what and when: contact updates, status changes, cancellations processed, fees settled. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    actorType: varchar({ length: 20 }).notNull(),
    actorId: uuid(),
    action: varchar({ length: 100 }).notNull(),
    entityType: varchar({ length: 50 }).notNull(),
    entityId: uuid().notNull(),
    details: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_events_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);

/** Fixed-window counters for rate limits, shared by every instance through the database. */
/**
 * Admin sign-in back-off, one row per key (an address, a username from an address, a username from unknown
 * browsers, a known browser): attempts in the current burst, when the next attempt may come, and whether the
 * owner was alerted of this burst (platform/auth/throttle.ts).
 */
export const signInThrottles = pgTable('sign_in_throttles', {
  key: varchar({ length: 255 }).primaryKey(),
  attempts: integer().notNull().default(0),
  firstAttemptAt: timestamp({ withTimezone: true }).notNull(),
  lastAttemptAt: timestamp({ withTimezone: true }).notNull(),
  blockedUntil: timestamp({ withTimezone: true }),
  alertedAt: timestamp({ withTimezone: true }),
});

export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: varchar({ length: 255 }).notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    hits: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_buckets_window_idx').on(t.windowStart)],
);

/**
 * The holds unpaid checkouts of a model may still take without counting (ADR 037's second and third addenda,
 * migrations 0031 and 0034): the last exact count of the model's share left room for the checkouts that draw the
 * tickets after `firstTicket` up to `lastTicket` (sequence unpaid_share_tickets) until `validUntil` of the checkout's
 * clock. Written by unpaid_share_turn, and spent (`lastTicket` set to `firstTicket`) by unpaid_share_budgets_reset:
 * the triggers on stock that leaves, a phone order's hold, a checkout of any model. One row per model and smallest
 * BTU; a checkout of any model has none.
 */
export const unpaidShareBudgets = pgTable('unpaid_share_budgets', {
  modelKey: text().primaryKey(),
  /** 0031's budget, unused since 0034 (to be dropped by a later release: migrations only add). */
  holdsLeft: integer().notNull().default(0),
  validUntil: timestamp({ withTimezone: true }).notNull(),
  firstTicket: bigint({ mode: 'number' }).notNull().default(0),
  lastTicket: bigint({ mode: 'number' }).notNull().default(0),
});

/**
 * A delivery window's budget between exact counts (migration 0036, ADR 035): the bookings of tickets
 * first_ticket < t <= last_ticket (sequence delivery_window_tickets) may take the window as set (its end and visits)
 * without counting, until valid_until on the checkout's clock. Keyed as the window's lock is: its day and start.
 */
export const deliveryWindowBudgets = pgTable('delivery_window_budgets', {
  windowKey: text().primaryKey(),
  windowEnd: text().notNull(),
  visits: integer().notNull(),
  firstTicket: bigint({ mode: 'number' }).notNull(),
  lastTicket: bigint({ mode: 'number' }).notNull(),
  validUntil: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Messages the system owes someone (a customer's dunning e-mail, an owner alert), written in the same transaction
 * as what caused them; `key` makes each one once-only, and a sender claims a row before sending it, so several
 * app instances send each message once (docs/decisions/013-dunning-and-scheduled-work.md).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    key: varchar({ length: 255 }).notNull().unique(),
    // 'customer' (a templated e-mail, logged in email_logs), 'owner' (an alert to the business address) or 'lead'
    // (a templated e-mail to a lead's address: rentals/waitlist/messages.ts).
    audience: varchar({ length: 20 }).notNull(),
    kind: varchar({ length: 50 }).notNull(),
    customerId: uuid().references(() => customers.id),
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    values: jsonb().$type<Record<string, string>>().notNull(),
    // pending → sending (claimed by one sender) → sent | failed
    status: varchar({ length: 20 }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    claimedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_due_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('notifications_order_id_idx').on(t.orderId),
  ],
);

/**
 * Money given back on a paid invoice (the whole or a part, or a paid fee on it), through the provider first (ADR 030):
 * 'pending' while the provider is asked (its amount reserved under a lock of the ledger invoice), 'succeeded' with the
 * provider's credit note id. Only succeeded refunds count in the figures and the portal.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id),
    customerId: uuid()
      .notNull()
      .references(() => customers.id),
    invoiceId: varchar({ length: 255 })
      .notNull()
      .references(() => invoices.id),
    feeId: uuid().references(() => additionalFees.id),
    amountCents: integer().notNull(),
    reason: text().notNull(),
    status: varchar({ length: 20 }).notNull().default('pending'),
    providerRefundId: varchar({ length: 255 }).unique(),
    createdBy: uuid().references(() => adminUsers.id),
    // From the app clock (the demo's billing clock moves the figures), not the database's now().
    createdAt: timestamp({ withTimezone: true }).notNull(),
    refundedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('refunds_order_id_idx').on(t.orderId),
    index('refunds_customer_id_idx').on(t.customerId),
    index('refunds_invoice_id_idx').on(t.invoiceId),
    index('refunds_fee_id_idx').on(t.feeId),
    index('refunds_created_by_idx').on(t.createdBy),
    index('refunds_refunded_at_idx')
      .on(t.refundedAt)
      .where(sql`${t.status} = 'succeeded'`),
  ],
);

/** A credit on the customer's balance at the provider, taken off their next invoice(s) (ADR 030). */
export const accountCredits = pgTable(
  'account_credits',
  {
    id: id(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id),
    // The order the e-mail names (the customer's latest); a credit is the customer's, on whatever they are billed next.
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    amountCents: integer().notNull(),
    reason: text().notNull(),
    providerTransactionId: varchar({ length: 255 }).notNull().unique(),
    createdBy: uuid().references(() => adminUsers.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('account_credits_customer_id_idx').on(t.customerId, t.createdAt),
    index('account_credits_order_id_idx').on(t.orderId),
    index('account_credits_created_by_idx').on(t.createdBy),
  ],
);
