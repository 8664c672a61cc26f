import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '@/server/platform/db/schema';
import { enqueueNotification } from '@/server/platform/mail/outbox';
import { startSwitchableSmtp } from '@tests/support/smtp-sink';
import { createTestApp } from '@tests/support/test-app';
import { logOnlyErrors } from './error-reporting';
import { HealthWatch, type SweepOutcome } from './health-watch';

/**
 * The owner's alerts about the site itself (ADR 032), through a real SMTP server: a sweep failing three runs in a
 * row, an outbox whose oldest message is over an hour old; once per incident, again after it cleared and came back.
 */
const smtp = await startSwitchableSmtp();
const t = await createTestApp({ env: { SMTP_URL: smtp.url, OWNER_ALERT_EMAIL: 'owner@coolrent.example' } });
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let watch: HealthWatch;
beforeEach(async () => {
  smtp.messages.length = 0;
  smtp.refusing = false;
  await t.db.delete(notifications);
  watch = new HealthWatch({
    alerts: {
      db: t.db,
      mailer: t.deps.mailer,
      publicUrl: t.config.publicUrl,
      ownerAlertEmail: 'owner@coolrent.example',
    },
    metrics: t.app.metrics,
    errors: logOnlyErrors,
    log: { error: () => undefined },
  });
});

const title = 'charging late fees';
const failed: SweepOutcome = { sweep: 'late_fee_billing', title, ok: false, error: new Error('Stripe is down') };
const succeeded: SweepOutcome = { sweep: 'late_fee_billing', title, ok: true };

/** The alerts received, as subject lines (unfolded) and bodies. */
const received = () =>
  smtp.messages.map((message) => {
    const raw = message.raw.replace(/\r?\n[ \t]+/g, ' ');
    return { to: message.to, subject: /^Subject: (.*)$/m.exec(raw)?.[1], raw };
  });

async function runs(...outcomes: SweepOutcome[]) {
  for (const outcome of outcomes) await watch.afterRun([outcome], t.deps.clock.now());
}

async function queuedAgo(minutes: number, key: string) {
  await enqueueNotification(t.db, {
    key,
    audience: 'owner',
    kind: 'contact_message',
    customerId: null,
    orderId: null,
    values: {},
  });
  const createdAt = new Date(t.deps.clock.now().getTime() - minutes * 60_000);
  await t.db.update(notifications).set({ createdAt }).where(eq(notifications.key, key));
}

describe('a sweep that keeps failing', () => {
  it('is told to the owner at the third failure in a row, once, with the error', async () => {
    await runs(failed, failed);
    expect(received()).toEqual([]);
    await runs(failed);
    expect(received().map((mail) => [mail.to, mail.subject])).toEqual([
      [['owner@coolrent.example'], 'Scheduled work failing: charging late fees'],
    ]);
    expect(received()[0]!.raw).toContain('failed 3 times in a row');
    expect(received()[0]!.raw).toContain('Stripe is down');
    await runs(failed, failed, failed);
    expect(received()).toHaveLength(1);
  });

  it('is told again only after it has run without failing and failed three times more', async () => {
    await runs(failed, failed, failed, succeeded, failed, failed);
    expect(received()).toHaveLength(1);
    await runs(failed);
    expect(received()).toHaveLength(2);
  });

  it('is not told when a success breaks the run of failures', async () => {
    await runs(failed, failed, succeeded, failed, failed, succeeded);
    expect(received()).toEqual([]);
  });
});

describe('an outbox falling behind', () => {
  it('is told once its oldest message is over an hour old, and again only after it caught up', async () => {
    await queuedAgo(59, 'health:1');
    await watch.afterRun([], t.deps.clock.now());
    expect(received()).toEqual([]);

    await queuedAgo(61, 'health:2');
    await watch.afterRun([], t.deps.clock.now());
    await watch.afterRun([], t.deps.clock.now());
    expect(received().map((mail) => mail.subject)).toEqual([
      'E-mail is not going out: 2 waiting, the oldest for 1 h 1 min',
    ]);

    await t.db.update(notifications).set({ status: 'sent' });
    await watch.afterRun([], t.deps.clock.now());
    await queuedAgo(90, 'health:3');
    await watch.afterRun([], t.deps.clock.now());
    expect(received().map((mail) => mail.subject)).toEqual([
      'E-mail is not going out: 2 waiting, the oldest for 1 h 1 min',
      'E-mail is not going out: 1 waiting, the oldest for 1 h 30 min',
    ]);
  });

  it('tries an alert the mail server refused again on the next run', async () => {
    await queuedAgo(120, 'health:4');
    smtp.refusing = true;
    await watch.afterRun([], t.deps.clock.now());
    expect(received()).toEqual([]);
    smtp.refusing = false;
    await watch.afterRun([], t.deps.clock.now());
    expect(received().map((mail) => mail.subject)).toEqual(['E-mail is not going out: 1 waiting, the oldest for 2 h']);
  });
});
