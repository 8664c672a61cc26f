import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomer,
  createDeliveryTask,
  createEmailTemplate,
  createOrder,
  createUnitModel,
} from '@/server/platform/db/factories';
import { emailLogs, emailTemplates } from '@/server/platform/db/schema';
import { startSmtpSink, type SmtpSink } from '@tests/support/smtp-sink';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { signInAdmin, type AdminClient } from '@tests/support/admin-client';

let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await createTestApp({ env: { BUSINESS_PHONE: '(949) 555-0100', PUBLIC_URL: 'https://coolrent.example' } });
  admin = await signInAdmin(t);
});
afterAll(async () => t.close());

const outboxFiles = () => {
  try {
    return readdirSync(path.join(t.dataDir, 'outbox'));
  } catch {
    return [];
  }
};

describe('POST /api/admin/send-email', () => {
  it('sends through the mail transport (the outbox here) and logs it as sent by the admin', async () => {
    const customer = await createCustomer(t.db);
    const template = await createEmailTemplate(t.db);
    const before = outboxFiles().length;
    const response = await admin.request({
      method: 'POST',
      url: '/api/admin/send-email',
      payload: {
        customerId: customer.id,
        templateId: template.id,
        recipientEmail: customer.email,
        subject: 'Your delivery window',
        body: 'We will arrive between 9 and 11.',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'sent' });

    const files = outboxFiles();
    expect(files.length).toBe(before + 1);
    const eml = readFileSync(path.join(t.dataDir, 'outbox', files.sort().at(-1)!), 'utf8');
    expect(eml).toContain(`To: ${customer.email}`);
    expect(eml).toContain('Subject: Your delivery window');

    const [log] = await t.db.select().from(emailLogs).where(eq(emailLogs.id, response.json().id));
    expect(log).toMatchObject({ status: 'sent', sentBy: admin.adminUserId, templateId: template.id });
  });

  it.each([
    [{ subject: '' }, 'subject', 'Subject is required'],
    [{ subject: '   ' }, 'subject', 'Subject is required'],
    [{ subject: undefined }, 'subject', 'Subject is required'],
    [{ body: '' }, 'body', 'Email body is required'],
    [{ body: undefined }, 'body', 'Email body is required'],
    [{ recipientEmail: 'not-an-address' }, 'recipientEmail', 'Valid email address required'],
    [{ recipientEmail: '' }, 'recipientEmail', 'Valid email address required'],
    [{ customerId: 'x' }, 'customerId', 'Invalid customer id'],
  ])('refuses %j with the spec message', async (override, field, message) => {
    const customer = await createCustomer(t.db);
    const response = await admin.request({
      method: 'POST',
      url: '/api/admin/send-email',
      payload: { customerId: customer.id, recipientEmail: customer.email, subject: 'Hi', body: 'Hello', ...override },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
  });

  it('answers 404 for an unknown customer', async () => {
    const response = await admin.request({
      method: 'POST',
      url: '/api/admin/send-email',
      payload: { customerId: randomUUID(), recipientEmail: 'a@example.com', subject: 'Hi', body: 'Hello' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Customer not found' });
  });
});

describe('a refused e-mail', () => {
  let sink: SmtpSink;
  let failing: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    failing = await createTestApp({ env: { SMTP_URL: sink.rejectingUrl } });
  });
  afterAll(async () => {
    await failing.close();
    await sink.close();
  });

  it('is logged as failed with the reason, and the API answers with that reason', async () => {
    const sender = await signInAdmin(failing);
    const customer = await createCustomer(failing.db);
    const response = await sender.request({
      method: 'POST',
      url: '/api/admin/send-email',
      payload: { customerId: customer.id, recipientEmail: customer.email, subject: 'Hi', body: 'Hello' },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/^Email could not be sent: .*550/);
    const [log] = await failing.db.select().from(emailLogs).where(eq(emailLogs.customerId, customer.id));
    expect(log).toMatchObject({ status: 'failed', sentBy: sender.adminUserId });
    expect(log!.errorMessage).toContain('550');

    const activity = await sender.request({ method: 'GET', url: '/api/admin/email-logs?status=failed' });
    expect(activity.json().items[0]).toMatchObject({ status: 'failed', errorMessage: log!.errorMessage });
  });
});

describe('e-mail templates', () => {
  it('creates, edits, deactivates and lists templates', async () => {
    const created = await admin.request({
      method: 'POST',
      url: '/api/admin/email-templates',
      payload: {
        name: 'Heat wave tips',
        templateType: 'heat_wave',
        subject: 'Stay cool, {{customerName}}',
        body: 'Close the blinds in the afternoon.',
        isActive: true,
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;

    const edited = await admin.request({
      method: 'PATCH',
      url: `/api/admin/email-templates/${id}`,
      payload: { subject: 'Beat the heat, {{customerName}}', isActive: false },
    });
    expect(edited.json()).toMatchObject({ subject: 'Beat the heat, {{customerName}}', isActive: false });

    const list = (await admin.request({ method: 'GET', url: '/api/admin/email-templates' })).json();
    expect(list).toContainEqual(expect.objectContaining({ id, name: 'Heat wave tips', isActive: false }));
  });

  it.each([
    [{ name: '' }, 'name', 'Template name is required'],
    [{ subject: '' }, 'subject', 'Subject is required'],
    [{ body: '' }, 'body', 'Email body is required'],
    [{ templateType: 'Not Valid' }, 'templateType', 'Use lowercase letters, digits and underscores'],
  ])('refuses a template with %j', async (override, field, message) => {
    const response = await admin.request({
      method: 'POST',
      url: '/api/admin/email-templates',
      payload: { name: 'N', templateType: 'general', subject: 'S', body: 'B', isActive: true, ...override },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
  });

  it('keeps one active template of each type the system sends on its own', async () => {
    const only = await createEmailTemplate(t.db, { templateType: 'payment_failed', name: 'Payment failed' });
    const deactivate = (id: string) =>
      admin.request({ method: 'PATCH', url: `/api/admin/email-templates/${id}`, payload: { isActive: false } });

    const refused = await deactivate(only.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/"payment_failed" e-mails automatically/);
    const retyped = await admin.request({
      method: 'PATCH',
      url: `/api/admin/email-templates/${only.id}`,
      payload: { templateType: 'payment_failed_old' },
    });
    expect(retyped.statusCode).toBe(409);
    const [stillActive] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.id, only.id));
    expect(stillActive).toMatchObject({ isActive: true, templateType: 'payment_failed' });

    const replacement = await createEmailTemplate(t.db, { templateType: 'payment_failed', name: 'Payment failed v2' });
    expect((await deactivate(only.id)).statusCode).toBe(200);
    expect((await deactivate(replacement.id)).statusCode).toBe(409);
  });

  it('answers 404 when editing an unknown template', async () => {
    const response = await admin.request({
      method: 'PATCH',
      url: `/api/admin/email-templates/${randomUUID()}`,
      payload: { isActive: true },
    });
    expect(response.statusCode).toBe(404);
  });

  it('previews a template with sample data', async () => {
    const response = await admin.request({
      method: 'POST',
      url: '/api/admin/email-templates/preview',
      payload: { subject: 'Hello {{customerName}}', body: 'Call {{businessPhone}} about {{unknownThing}}.' },
    });
    expect(response.json()).toEqual({
      subject: 'Hello Maria Gonzalez',
      body: 'Call (949) 555-0100 about {{unknownThing}}.',
    });
  });

  it("fills a template with the customer's own data and latest order", async () => {
    const model = await createUnitModel(t.db, { name: 'Portable AC 12,000-14,000 BTU' });
    const customer = await createCustomer(t.db, { name: 'Aaliyah Johnson' });
    await createOrder(t.db, {
      customerId: customer.id,
      modelId: model.id,
      orderNumber: 'order-ABCDEFGH',
      startDate: '2026-07-04',
      address: '500 Main St',
      city: 'Irvine',
      zipCode: '92612',
    });
    const response = await admin.request({
      method: 'POST',
      url: '/api/admin/email-templates/preview',
      payload: {
        customerId: customer.id,
        subject: '{{orderNumber}} for {{customerName}}',
        body: '{{unitModel}} from {{startDate}} at {{address}}, {{rate}}. {{portalUrl}}',
      },
    });
    expect(response.json()).toEqual({
      subject: 'order-ABCDEFGH for Aaliyah Johnson',
      body: 'Portable AC 12,000-14,000 BTU from July 4, 2026 at 500 Main St, Irvine 92612, $39.00/month. https://coolrent.example/account-access',
    });
  });
});

describe('a Spanish template for a Spanish-speaking customer', () => {
  it('fills in the customer’s day, window, rate and model in Spanish', async () => {
    const model = await createUnitModel(t.db, { name: 'Compact unit', nameEs: 'Unidad compacta' });
    const customer = await createCustomer(t.db, { name: 'Lucía Pérez', locale: 'es' });
    const order = await createOrder(t.db, { customerId: customer.id, modelId: model.id, startDate: '2026-07-04' });
    await createDeliveryTask(t.db, {
      orderId: order.id,
      scheduledDate: '2026-07-04',
      timeWindow: 'morning',
      status: 'scheduled',
    });
    const response = await admin.request({
      method: 'POST',
      url: '/api/admin/email-templates/preview',
      payload: {
        customerId: customer.id,
        locale: 'es',
        subject: 'Su entrega',
        body: '{{unitModel}}, {{rate}}, desde el {{startDate}}; entrega el {{deliveryDate}} ({{deliveryWindow}})',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().body).toBe(
      'Unidad compacta, $39.00/mes, desde el 4 de julio de 2026; entrega el sábado, 4 de julio de 2026 (8 a.m.-11 a.m.)',
    );
  });
});

describe('GET /api/admin/email-logs', () => {
  it('pages through recent activity, newest first, with the customer and the sender', async () => {
    const customer = await createCustomer(t.db, { name: 'Log Reader' });
    for (const subject of ['First', 'Second', 'Third']) {
      await admin.request({
        method: 'POST',
        url: '/api/admin/send-email',
        payload: { customerId: customer.id, recipientEmail: customer.email, subject, body: 'Body' },
      });
    }
    const page = (await admin.request({ method: 'GET', url: '/api/admin/email-logs?pageSize=2' })).json();
    expect(page.pageSize).toBe(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items.map((l: { subject: string }) => l.subject)).toEqual(['Third', 'Second']);
    expect(page.items[0]).toMatchObject({
      status: 'sent',
      sentBy: admin.username,
      customer: { id: customer.id, name: 'Log Reader', email: customer.email },
    });
    expect(page.items[0]).not.toHaveProperty('body');
  });
});
