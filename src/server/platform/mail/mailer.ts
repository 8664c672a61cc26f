import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** Where a reply goes, when not to the sender (the owner answering a contact-form message). */
  replyTo?: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** The mail port: SMTP in production, an outbox of .eml files offline. Both go through nodemailer. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: OutgoingEmail): Promise<{ messageId: string }>;
  close(): void;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

/** Writes each message, fully encoded as it would go over SMTP, to DATA_DIR/outbox/<time>-<id>.eml. */
export function createOutboxMailer(outboxDir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      mkdirSync(outboxDir, { recursive: true });
      const safeId = info.messageId.replace(/[^A-Za-z0-9.-]/g, '');
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeId}.eml`);
      writeFileSync(file, info.message as Buffer);
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

export function createMailer(options: { smtpUrl: string | undefined; from: string; dataDir: string }): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from)
    : createOutboxMailer(path.join(options.dataDir, 'outbox'), options.from);
}
