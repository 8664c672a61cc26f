import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { BillingClock } from '@/server/platform/clock';
import { createUnit, createUnitModel } from '@/server/platform/db/factories';
import { ensureSystemTemplates } from '@/server/platform/db/reference-data';
import { orders, waitlistEntries } from '@/server/platform/db/schema';
import { setUnitsStatus } from '@/server/rentals/units/stock';
import { runScheduledWork } from '@/server/scheduled-work';
import { giveRoomyDeliveryCapacity } from '@tests/support/roomy-delivery-capacity';
import { createTestApp } from '@tests/support/test-app';

/** Shared by the waitlist-*.test.ts files: the app on a billing clock, the line's requests and its e-mails. */
export async function startWaitlistTestApp() {
  const clock = new BillingClock();
  const t = await createTestApp({ env: { PUBLIC_URL: 'https://coolrent.example' }, deps: { clock } });
  afterAll(async () => t.close());
  await ensureSystemTemplates(t.db);
  await giveRoomyDeliveryCapacity(t.db);

  const log = { error: () => undefined };
  let counter = 0;
  const nextIp = () => `10.19.${Math.floor(counter / 250)}.${(counter++ % 250) + 1}`;
  const sweep = () => runScheduledWork(t.deps, clock.now(), log);

  const join = (payload: object, headers?: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/stock-alerts', payload, remoteAddress: nextIp(), headers });

  function sentMail(): string[] {
    const dir = path.join(t.dataDir, 'outbox');
    if (!existsSync(dir)) return [];
    return readdirSync(dir).map((file) =>
      readFileSync(path.join(dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replaceAll('=3D', '='),
    );
  }
  const mailTo = (email: string) => sentMail().filter((raw) => raw.includes(`To: ${email}`));
  const offerMailTo = (email: string) => mailTo(email).filter((raw) => raw.includes('held for you'));

  /** The personal token in the offer e-mail's link (?waitlist=…). */
  function offerTokenIn(mail: string): string {
    const match = /waitlist=([^\s&"]+)/.exec(mail);
    if (!match) throw new Error('No offer link in the e-mail');
    return decodeURIComponent(match[1]!);
  }
  function leaveTokenIn(mail: string): string {
    const match = /\/waitlist\/leave\?token=([^\s&"]+)/.exec(mail);
    if (!match) throw new Error('No leave link in the e-mail');
    return decodeURIComponent(match[1]!);
  }

  /** An active model whose one unit is in the workshop: out of stock in the catalog. */
  async function soldOutModel(name: string, nameEs?: string) {
    const model = await createUnitModel(t.db, { name, nameEs });
    const unit = await createUnit(t.db, { modelId: model.id, status: 'maintenance' });
    return { model, unit };
  }
  const setStatus = (unitId: string, status: 'available' | 'maintenance') =>
    t.db.transaction((tx) => setUnitsStatus(tx, [unitId], status));

  const available = async (modelId: string) =>
    (await t.app.inject({ url: `/api/inventory/${modelId}` })).json().available as number;

  let street = 10;
  function checkout(modelId: string, email: string, waitlistOffer?: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/checkout/create-session',
      remoteAddress: nextIp(),
      payload: {
        planType: 'monthly',
        startDate: addDays(todayInLosAngeles(clock.now()), 1),
        name: 'Dana Waits',
        email,
        phone: '(714) 555-0101',
        address: `${(street += 1)} Line Street`,
        city: 'Irvine',
        zipCode: '92612',
        modelId,
        ...(waitlistOffer ? { waitlistOffer } : {}),
      },
    });
  }

  const entriesOf = (modelId: string) =>
    t.db.select().from(waitlistEntries).where(eq(waitlistEntries.modelId, modelId)).orderBy(waitlistEntries.createdAt);
  const orderCount = async () => (await t.db.select({ id: orders.id }).from(orders)).length;

  return {
    t,
    clock,
    sweep,
    join,
    mailTo,
    offerMailTo,
    offerTokenIn,
    leaveTokenIn,
    soldOutModel,
    setStatus,
    available,
    checkout,
    entriesOf,
    orderCount,
  };
}
