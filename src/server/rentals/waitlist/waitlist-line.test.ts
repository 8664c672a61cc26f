import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { modelInStockMessage, waitlistJoinedMessage } from '@/contracts/waitlist';
import { createUnit, createUnitModel } from '@/server/platform/db/factories';
import { auditEvents, notifications } from '@/server/platform/db/schema';
import { signInAdmin } from '@tests/support/admin-client';
import { startWaitlistTestApp } from '@tests/support/waitlist-fixtures';

const { t, sweep, join, mailTo, offerMailTo, leaveTokenIn, soldOutModel, setStatus, checkout, entriesOf } =
  await startWaitlistTestApp();

beforeEach(async () => {
  await t.db.delete(notifications);
});

describe('joining the line (POST /api/stock-alerts)', () => {
  it('answers each e-mail its place, the same place when it asks again, and confirms by e-mail once', async () => {
    const { model } = await soldOutModel('Line AC');
    const places = [];
    for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) {
      const response = await join({ email, modelId: model.id, zipCode: '92612' });
      expect(response.statusCode, response.body).toBe(202);
      places.push(response.json().position);
    }
    expect(places).toEqual([1, 2, 3]);
    const again = await join({ email: ' TWO@example.com', modelId: model.id, zipCode: '92612' });
    expect(again.json()).toEqual({ position: 2, message: waitlistJoinedMessage(2) });
    expect(await entriesOf(model.id)).toHaveLength(3);

    await sweep();
    const confirmations = mailTo('two@example.com');
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]).toContain("You're number 2 in line for the Line AC");
    expect(confirmations[0]).toContain('https://coolrent.example/waitlist/leave?token=');
    expect(confirmations[0]).not.toContain('{{');
  });

  it('writes to a Spanish reader in Spanish', async () => {
    const { model } = await soldOutModel('Spanish Line AC', 'Unidad de la fila');
    await join({ email: 'lectora@example.com', modelId: model.id, zipCode: '92612' }, { cookie: 'lang=es' });
    await sweep();
    const [mail] = mailTo('lectora@example.com');
    expect(mail).toContain('Usted es el n');
    expect(mail).toContain('Unidad de la fila');
    expect(mail).not.toContain("You're number");
    expect(mail).not.toContain('Spanish Line AC');
  });

  it('refuses a model that can be rented now, keeping nothing', async () => {
    const model = await createUnitModel(t.db, { name: 'Stocked AC' });
    await createUnit(t.db, { modelId: model.id });
    const response = await join({ email: 'eager@example.com', modelId: model.id, zipCode: '92612' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(modelInStockMessage);
    expect(await entriesOf(model.id)).toHaveLength(0);
  });

  it.each([
    [{ email: 'nope', zipCode: '92612' }, 400, 'email'],
    [{ email: 'a@example.com', zipCode: '9261' }, 400, 'zipCode'],
    [{ email: 'a@example.com', zipCode: '94103' }, 422, 'zipCode'],
    [{ email: 'a\u0000@example.com', zipCode: '92612' }, 400, 'email'],
  ])('refuses %o with a clear message and keeps nothing', async (payload, status, field) => {
    const { model } = await soldOutModel(`Refusing AC ${status}${field}`);
    const response = await join({ ...payload, modelId: model.id });
    expect(response.statusCode).toBe(status);
    expect(response.json().fieldErrors[field]).toBeTruthy();
    expect(await entriesOf(model.id)).toHaveLength(0);
  });

  it('answers the spam trap like a join and keeps nothing', async () => {
    const { model } = await soldOutModel('Trap Line AC');
    const trapped = await join({ email: 'bot@example.com', modelId: model.id, zipCode: '92612', website: 'x' });
    expect(trapped.statusCode).toBe(202);
    expect(trapped.json().position).toBe(1);
    expect(await entriesOf(model.id)).toHaveLength(0);
  });

  it('limits joins per client address', async () => {
    const { model } = await soldOutModel('Limited Line AC');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/stock-alerts',
        remoteAddress: '203.0.113.99',
        payload: { email: `p${i}@example.com`, modelId: model.id, zipCode: '92612' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(202), 429]);
  });
});

describe('leaving, and the owner', () => {
  it('leaves by the e-mail link, and an offer left gives its unit to the next at once', async () => {
    const { model, unit } = await soldOutModel('Leaving AC');
    await join({ email: 'leaver@example.com', modelId: model.id, zipCode: '92612' });
    await join({ email: 'stayer@example.com', modelId: model.id, zipCode: '92612' });
    await setStatus(unit.id, 'available');
    await sweep();
    const token = leaveTokenIn(mailTo('leaver@example.com').find((m) => m.includes('held for you'))!);
    const page = await t.app.inject({ url: `/api/waitlist/entry?token=${encodeURIComponent(token)}` });
    expect(page.json()).toEqual({ modelName: 'Leaving AC', status: 'offered', position: null });
    const left = await t.app.inject({ method: 'POST', url: '/api/waitlist/leave', payload: { token } });
    expect(left.statusCode).toBe(200);
    await sweep();
    expect(offerMailTo('stayer@example.com')).toHaveLength(1);
    // A leave link cannot check out, nor an unknown token open anything.
    expect((await checkout(model.id, 'leaver@example.com', token)).statusCode).toBe(400);
    const bogus = await t.app.inject({ url: `/api/waitlist/entry?token=${'0'.repeat(36)}.${'a'.repeat(43)}` });
    expect(bogus.statusCode).toBe(404);
  });

  it('lets the owner move someone up with a reason, and remove someone, both audited', async () => {
    const { model } = await soldOutModel('Owner Line AC');
    for (const email of ['o1@example.com', 'o2@example.com', 'o3@example.com']) {
      await join({ email, modelId: model.id, zipCode: '92612' });
    }
    const admin = await signInAdmin(t);
    const list = await admin.request({ url: `/api/admin/waitlist?modelId=${model.id}` });
    expect(list.statusCode).toBe(200);
    const entries = list.json().entries;
    expect(entries.map((e: { email: string; position: number }) => [e.email, e.position])).toEqual([
      ['o1@example.com', 1],
      ['o2@example.com', 2],
      ['o3@example.com', 3],
    ]);
    expect(entries[0].area).toBe('Irvine');
    const third = entries[2].id;

    const noReason = await admin.request({ method: 'POST', url: `/api/admin/waitlist/${third}/move-up`, payload: {} });
    expect(noReason.statusCode).toBe(400);
    const moved = await admin.request({
      method: 'POST',
      url: `/api/admin/waitlist/${third}/move-up`,
      payload: { reason: 'Medical need: heat-sensitive infant' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ position: 1, movedUpReason: 'Medical need: heat-sensitive infant' });
    const again = await join({ email: 'o1@example.com', modelId: model.id, zipCode: '92612' });
    expect(again.json().position).toBe(2);

    const removed = await admin.request({
      method: 'POST',
      url: `/api/admin/waitlist/${entries[1].id}/remove`,
      payload: { reason: 'Asked by phone to be taken off' },
    });
    expect(removed.json()).toMatchObject({ status: 'removed', position: null });
    const twice = await admin.request({
      method: 'POST',
      url: `/api/admin/waitlist/${entries[1].id}/remove`,
      payload: { reason: 'Asked by phone to be taken off' },
    });
    expect(twice.statusCode).toBe(409);

    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'waitlist_entry'), eq(auditEvents.entityId, third)));
    expect(audit).toMatchObject([
      { action: 'waitlist.moved_up', details: { reason: 'Medical need: heat-sensitive infant', from: 3, to: 1 } },
    ]);
  });

  it('lets the owner set the offer time, from 1 to 72 hours', async () => {
    const admin = await signInAdmin(t);
    const bad = await admin.request({ method: 'PUT', url: '/api/admin/settings/waitlist', payload: { offerHours: 0 } });
    expect(bad.statusCode).toBe(400);
    const good = await admin.request({
      method: 'PUT',
      url: '/api/admin/settings/waitlist',
      payload: { offerHours: 6 },
    });
    expect(good.json()).toEqual({ offerHours: 6 });
    const { model, unit } = await soldOutModel('Six Hours AC');
    await join({ email: 'six@example.com', modelId: model.id, zipCode: '92612' });
    await setStatus(unit.id, 'available');
    await sweep();
    expect(offerMailTo('six@example.com')[0]).toContain('for 6 hours');
    await admin.request({ method: 'PUT', url: '/api/admin/settings/waitlist', payload: { offerHours: 12 } });
  });
});
