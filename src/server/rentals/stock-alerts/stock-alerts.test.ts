import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '@tests/support/test-app';
import { signInAdmin } from '@tests/support/admin-client';
import { leads, notifications, unitModels } from '@/server/platform/db/schema';
import { createCustomer, createOrder, createUnit, createUnitModel } from '@/server/platform/db/factories';
import { holdUnit } from '@/server/rentals/units/holds';
import { setUnitsStatus } from '@/server/rentals/units/stock';
import { ensureSystemTemplates } from '@/server/platform/db/reference-data';
import { runScheduledWork } from '@/server/scheduled-work';

const t = await createTestApp({ env: { PUBLIC_URL: 'https://coolrent.example' } });
afterAll(async () => t.close());
await ensureSystemTemplates(t.db);

const log = { error: () => undefined };
let counter = 0;
const nextIp = () => `10.9.0.${++counter}`;
const ask = (payload: object, options: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stock-alerts',
    payload,
    remoteAddress: options.ip ?? nextIp(),
    headers: options.headers,
  });

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

/** An active model whose one unit is in the workshop: "Out of Stock" in the catalog. */
async function soldOutModel(name: string) {
  const model = await createUnitModel(t.db, { name });
  const unit = await createUnit(t.db, { modelId: model.id, status: 'maintenance' });
  return { model, unit };
}

/** The owner's inventory change (the admin's status change goes through the same function). */
const setStatus = (unitId: string, status: 'available' | 'maintenance') =>
  t.db.transaction((tx) => setUnitsStatus(tx, [unitId], status));

const sweep = () => runScheduledWork(t.deps, t.deps.clock.now(), log);

beforeEach(async () => {
  await t.db.delete(notifications);
});

describe('POST /api/stock-alerts', () => {
  it('keeps the e-mail as a restock lead with the visitor language, once per e-mail and model', async () => {
    const { model } = await soldOutModel('Dedupe AC');
    const first = await ask({ email: 'Ana@Example.com', modelId: model.id }, { headers: { cookie: 'lang=es' } });
    expect(first.statusCode).toBe(202);
    const again = await ask({ email: 'ana@example.com ', modelId: model.id });
    expect(again.statusCode).toBe(202);
    // The same answer whether new or already waiting: nobody learns who else asked.
    expect(again.json()).toEqual(first.json());
    const rows = await t.db.select().from(leads).where(eq(leads.modelId, model.id));
    expect(rows).toMatchObject([{ kind: 'restock', email: 'ana@example.com', locale: 'es', notifiedAt: null }]);
  });

  it('takes the language from Accept-Language when no choice is remembered', async () => {
    const { model } = await soldOutModel('Accept-Language AC');
    await ask({ email: 'luis@example.com', modelId: model.id }, { headers: { 'accept-language': 'es-MX,es;q=0.9' } });
    const [row] = await t.db.select().from(leads).where(eq(leads.modelId, model.id));
    expect(row?.locale).toBe('es');
  });

  it.each([
    [{ email: 'nope', modelId: '00000000-0000-4000-8000-000000000000' }, 'email', 'Please enter a valid email address'],
    [{ email: 'a@example.com', modelId: 'not-a-model' }, 'modelId', 'Please choose a unit model'],
    [
      { email: 'a@example.com', modelId: '00000000-0000-4000-8000-000000000000' },
      'modelId',
      'Please choose a unit model',
    ],
  ])('refuses %# with a clear message and keeps nothing', async (payload, field, message) => {
    const before = await t.db.select().from(leads);
    const response = await ask(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    expect(await t.db.select().from(leads)).toHaveLength(before.length);
  });

  it('refuses an inactive model', async () => {
    const model = await createUnitModel(t.db, { name: 'Retired AC', active: false });
    const response = await ask({ email: 'a@example.com', modelId: model.id });
    expect(response.statusCode).toBe(400);
    expect(await t.db.select().from(leads).where(eq(leads.modelId, model.id))).toHaveLength(0);
  });

  it('answers the spam trap as if kept, and keeps nothing', async () => {
    const { model } = await soldOutModel('Trap AC');
    const real = await ask({ email: 'real@example.com', modelId: model.id });
    const trapped = await ask({ email: 'bot@example.com', modelId: model.id, website: 'http://spam.example' });
    expect(trapped.statusCode).toBe(202);
    expect(trapped.json()).toEqual(real.json());
    const rows = await t.db.select().from(leads).where(eq(leads.modelId, model.id));
    expect(rows.map((row) => row.email)).toEqual(['real@example.com']);
  });

  it('limits requests per client address, with Retry-After', async () => {
    const { model } = await soldOutModel('Limited AC');
    const statuses: number[] = [];
    let retryAfter: unknown;
    for (let i = 0; i < 12; i += 1) {
      const response = await ask({ email: `p${i}@example.com`, modelId: model.id }, { ip: '203.0.113.77' });
      statuses.push(response.statusCode);
      retryAfter ??= response.headers['retry-after'];
    }
    expect(statuses).toEqual([...Array<number>(10).fill(202), 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(await t.db.select().from(leads).where(eq(leads.modelId, model.id))).toHaveLength(10);
  });
});

describe('the back-in-stock e-mail', () => {
  it('goes out once when a unit is available again, not before, with a link to checkout for that model', async () => {
    const { model, unit } = await soldOutModel('Restock AC');
    await ask({ email: 'wait@example.com', modelId: model.id });
    await ask({ email: 'other@example.com', modelId: model.id });

    // Still out of stock: nothing is sent, the leads keep waiting.
    await sweep();
    expect(mailTo('wait@example.com')).toHaveLength(0);
    // Back in the depot but held by a checkout in progress: not offerable yet.
    const heldUntil = new Date(t.deps.clock.now().getTime() + 30 * 60_000);
    const customer = await createCustomer(t.db);
    const order = await createOrder(t.db, { customerId: customer.id, modelId: model.id });
    await t.db.transaction(async (tx) => {
      await setUnitsStatus(tx, [unit.id], 'available');
      await holdUnit(tx, { unitId: unit.id, orderId: order.id, until: heldUntil, client: '10.9.9.9' });
    });
    await sweep();
    expect(mailTo('wait@example.com')).toHaveLength(0);
    expect((await t.db.select().from(leads).where(eq(leads.modelId, model.id))).every((l) => !l.notifiedAt)).toBe(true);

    // The hold runs out on the app clock: the model can be rented again.
    const later = new Date(heldUntil.getTime() + 60_000);
    const reports = await Promise.all([runScheduledWork(t.deps, later, log), runScheduledWork(t.deps, later, log)]);
    expect(reports.reduce((sum, report) => sum + report.backInStockQueued, 0)).toBe(2);
    const mails = mailTo('wait@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('The Restock AC is back in stock');
    expect(mails[0]).toContain(`https://coolrent.example/checkout?model=${model.id}`);
    expect(mails[0]).not.toContain('{{');
    expect(mailTo('other@example.com')).toHaveLength(1);
    const rows = await t.db.select().from(leads).where(eq(leads.modelId, model.id));
    expect(rows.map((row) => row.notifiedAt?.getTime())).toEqual([later.getTime(), later.getTime()]);

    // The owner's Leads list names the model and when it was e-mailed.
    const admin = await signInAdmin(t);
    const listed = await admin.request({ url: '/api/admin/leads?kind=restock&pageSize=100' });
    expect(listed.json().items).toContainEqual(
      expect.objectContaining({
        email: 'wait@example.com',
        kind: 'restock',
        modelName: 'Restock AC',
        notifiedAt: later.toISOString(),
      }),
    );

    // Out of stock and back again: never e-mailed twice.
    await setStatus(unit.id, 'maintenance');
    await runScheduledWork(t.deps, later, log);
    await setStatus(unit.id, 'available');
    await runScheduledWork(t.deps, later, log);
    expect(mailTo('wait@example.com')).toHaveLength(1);
  });

  it('does not e-mail about a model that was withdrawn', async () => {
    const { model, unit } = await soldOutModel('Withdrawn AC');
    await ask({ email: 'withdrawn@example.com', modelId: model.id });
    await setStatus(unit.id, 'available');
    await t.db.update(unitModels).set({ active: false }).where(eq(unitModels.id, model.id));
    await sweep();
    expect(mailTo('withdrawn@example.com')).toHaveLength(0);
  });

  it('writes to a Spanish reader in Spanish', async () => {
    const { model, unit } = await soldOutModel('Spanish AC');
    await ask({ email: 'lectora@example.com', modelId: model.id }, { headers: { cookie: 'lang=es' } });
    await setStatus(unit.id, 'available');
    await sweep();
    const [mail] = mailTo('lectora@example.com');
    expect(mail).toContain(`ahora: https://coolrent.example/checkout?model=${model.id}`);
    expect(mail).not.toContain('Rent it now');
  });
});
