import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '@tests/support/smtp-sink';
import type { TestApp } from '@tests/support/test-app';
import {
  createPaymentsTestApp,
  emailsTo,
  goodCard,
  orderRow,
  pay,
  startCheckout,
} from '@tests/support/payment-fixtures';

describe('a confirmation e-mail that cannot be sent', () => {
  let sink: SmtpSink;
  let failing: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    failing = await createPaymentsTestApp({ env: { SMTP_URL: sink.rejectingUrl } });
  });
  afterAll(async () => {
    await failing.close();
    await sink.close();
  });

  it('is logged as failed and does not undo the activation', async () => {
    const checkout = await startCheckout(failing);
    expect((await pay(failing, checkout.sessionId, goodCard)).statusCode).toBe(200);
    expect((await orderRow(failing, checkout.orderId)).status).toBe('active');
    const logs = await emailsTo(failing, checkout.orderId);
    expect(logs).toHaveLength(1);
    expect(logs[0]!.status).toBe('failed');
  });
});
