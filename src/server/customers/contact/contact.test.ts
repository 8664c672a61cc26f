import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '@tests/support/test-app';
import { signInAdmin } from '@tests/support/admin-client';
import { auditEvents, contactMessages, notifications } from '@/server/platform/db/schema';
import { CONTACT_ALERTS_PER_HOUR } from './service';

const t = await createTestApp({ env: { OWNER_ALERT_EMAIL: 'owner@coolrent.example' } });
afterAll(async () => t.close());
beforeEach(async () => {
  await t.db.delete(contactMessages);
  await t.db.delete(notifications);
});

let counter = 0;
const nextIp = () => `10.7.0.${++counter}`;
const send = (payload: object, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });

const message = {
  name: 'Dana Whitfield',
  email: 'Dana@Example.com',
  phone: '(714) 555-0142',
  message: 'Can you deliver a unit to Irvine this Saturday morning?',
};

function ownerMail(): string[] {
  const dir = path.join(t.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((file) => readFileSync(path.join(dir, file), 'utf8').replace(/=\r?\n/g, ''));
}

describe('POST /api/contact', () => {
  it('keeps the message for the dashboard and e-mails the owner, who can reply to the sender', async () => {
    const response = await send(message);
    expect(response.statusCode).toBe(200);
    const [stored, ...others] = await t.db.select().from(contactMessages);
    expect(others).toHaveLength(0);
    expect(stored).toMatchObject({ name: 'Dana Whitfield', email: 'dana@example.com', phone: '(714) 555-0142' });
    expect(stored!.handledAt).toBeNull();
    const mail = ownerMail().find((raw) => raw.includes('Contact form: message from Dana Whitfield'));
    expect(mail).toBeTruthy();
    expect(mail).toContain('To: owner@coolrent.example');
    expect(mail).toContain('Reply-To: dana@example.com');
    expect(mail).toContain('deliver a unit to Irvine');
  });

  it('answers the spam trap as if sent, and stores and sends nothing', async () => {
    const real = await send({ ...message, phone: '' });
    await t.db.delete(contactMessages);
    await t.db.delete(notifications);
    const trapped = await send({ ...message, website: 'http://spam.example' });
    expect(trapped.statusCode).toBe(200);
    expect(trapped.json()).toEqual(real.json());
    expect(await t.db.select().from(contactMessages)).toHaveLength(0);
    expect(await t.db.select().from(notifications)).toHaveLength(0);
  });

  it.each([
    [{ ...message, message: 'Too short' }, 'message', 'Please write at least 10 characters'],
    [{ ...message, message: 'x'.repeat(5001) }, 'message', 'Please keep your message under 5,000 characters'],
    [{ ...message, email: 'nope' }, 'email', 'Please enter a valid email address'],
    [{ ...message, name: ' ' }, 'name', 'Name must be at least 2 characters'],
    [{ ...message, phone: '12' }, 'phone', 'Please enter a valid phone number'],
  ])('refuses %# with a clear message and stores nothing', async (payload, field, text) => {
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(text);
    expect(await t.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('limits messages per client address, with Retry-After', async () => {
    const statuses: number[] = [];
    let retryAfter: unknown;
    for (let i = 0; i < 7; i += 1) {
      const response = await send(message, '203.0.113.90');
      statuses.push(response.statusCode);
      retryAfter ??= response.headers['retry-after'];
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe('the Messages list in the dashboard', () => {
  it('needs an admin session; staff may read; newest first, a page at a time', async () => {
    expect((await t.app.inject({ url: '/api/admin/contact-messages' })).statusCode).toBe(401);
    for (let i = 1; i <= 3; i += 1) await send({ ...message, message: `Message number ${i} about a rental` });
    const staff = await signInAdmin(t, undefined, { role: 'staff' });
    const page1 = await staff.request({ url: '/api/admin/contact-messages?page=1&pageSize=2' });
    expect(page1.statusCode).toBe(200);
    expect(page1.json().total).toBe(3);
    expect(page1.json().items.map((m: { message: string }) => m.message)).toEqual([
      'Message number 3 about a rental',
      'Message number 2 about a rental',
    ]);
    const page2 = await staff.request({ url: '/api/admin/contact-messages?page=2&pageSize=2' });
    expect(page2.json().items).toHaveLength(1);

    const id = page1.json().items[0].id as string;
    expect((await staff.request({ method: 'POST', url: `/api/admin/contact-messages/${id}/handled` })).statusCode).toBe(
      403,
    );
    const admin = await signInAdmin(t);
    const handled = await admin.request({ method: 'POST', url: `/api/admin/contact-messages/${id}/handled` });
    expect(handled.statusCode).toBe(200);
    expect(handled.json().handledAt).toEqual(expect.any(String));
    const again = await admin.request({ method: 'POST', url: `/api/admin/contact-messages/${id}/handled` });
    expect(again.json().handledAt).toBe(handled.json().handledAt);
    const audits = (await t.db.select().from(auditEvents)).filter((e) => e.entityId === id);
    expect(audits).toHaveLength(1);

    const unknown = await admin.request({
      method: 'POST',
      url: '/api/admin/contact-messages/00000000-0000-4000-8000-000000000000/handled',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('gives the owner one digest, not an e-mail each, when 60 messages come from 60 addresses at once', async () => {
    const before = ownerMail().length;
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => send({ ...message, name: `Flood ${i}`, email: `flood${i}@example.com` })),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    // Every message is kept for the Messages list.
    expect(await t.db.select().from(contactMessages)).toHaveLength(60);
    await t.app.scheduledWork.sendQueuedMessages(t.app.log);
    const mail = ownerMail().slice(before);
    const singles = mail.filter((raw) => raw.includes('Contact form: message from Flood'));
    const digests = mail.filter((raw) => raw.includes('Contact form: many messages since'));
    expect(singles).toHaveLength(CONTACT_ALERTS_PER_HOUR);
    expect(digests).toHaveLength(1);
    expect(digests[0]).toContain(`More than ${CONTACT_ALERTS_PER_HOUR} messages`);
  });
});
