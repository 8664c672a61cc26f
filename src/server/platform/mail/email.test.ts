import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createEmailTemplate } from '@/server/platform/db/factories';
import { emailLogs } from '@/server/platform/db/schema';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { createSmtpMailer } from './mailer';
import { renderTemplate } from './render';
import { sendAndLogEmail, sendTemplatedEmail } from './templated-email';
import { startSmtpSink, type SmtpSink } from '@tests/support/smtp-sink';

let t: TestApp;
let smtp: SmtpSink;
beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Sends one e-mail to a new customer through an SMTP mailer at `url`, and returns its log. */
async function sendOverSmtp(url: string, email: { recipientEmail: string; subject: string; body: string }) {
  const customer = await createCustomer(t.db);
  const mailer = createSmtpMailer(url, 'CoolRent <rentals@coolrent.example>');
  const log = await sendAndLogEmail(t.db, mailer, { customerId: customer.id, ...email });
  mailer.close();
  return log;
}

describe('renderTemplate', () => {
  it('fills known placeholders and leaves unknown ones visible', () => {
    expect(
      renderTemplate('Hi {{ name }}, order {{orderNumber}} {{missing}}', {
        name: 'Ana',
        orderNumber: 'order-ABCD2345',
      }),
    ).toBe('Hi Ana, order order-ABCD2345 {{missing}}');
  });
});

describe('sending e-mail', () => {
  it('writes the message to the outbox as .eml and logs it as sent', async () => {
    const customer = await createCustomer(t.db, { email: 'outbox@example.com' });
    const template = await createEmailTemplate(t.db, {
      templateType: 'welcome_test',
      subject: 'Welcome {{customerName}}',
    });
    const log = await sendTemplatedEmail(t.db, t.deps.mailer, {
      templateType: 'welcome_test',
      customerId: customer.id,
      recipientEmail: customer.email,
      values: { customerName: 'Ana' },
      attachments: [{ filename: 'a.txt', content: Buffer.from('attached'), contentType: 'text/plain' }],
    });
    expect(log).toMatchObject({ status: 'sent', subject: 'Welcome Ana', templateId: template.id, sentBy: null });
    const files = readdirSync(path.join(t.dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(t.dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('To: outbox@example.com');
    expect(eml).toContain('Subject: Welcome Ana');
    expect(eml).toContain('filename=a.txt');
  });

  it('delivers over SMTP', async () => {
    const log = await sendOverSmtp(smtp.url, {
      recipientEmail: 'smtp-recipient@example.com',
      subject: 'Over the wire',
      body: 'Hello over SMTP',
    });
    expect(log.status).toBe('sent');
    const received = smtp.messages.find((m) => m.to.includes('smtp-recipient@example.com'));
    expect(received?.raw).toContain('Subject: Over the wire');
    expect(received?.raw).toContain('Hello over SMTP');
  });

  it('logs a failed send as failed with the reason', async () => {
    const log = await sendOverSmtp(smtp.rejectingUrl, {
      recipientEmail: 'nobody@example.com',
      subject: 'Will fail',
      body: 'x',
    });
    const [stored] = await t.db.select().from(emailLogs).where(eq(emailLogs.id, log.id));
    expect(stored?.status).toBe('failed');
    expect(stored?.errorMessage).toMatch(/550|rejected/i);
  });
});
