import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMessage {
  file: string;
  /** The whole message as written, MIME parts and all. */
  raw: string;
  headers: string;
  /** The text parts, decoded (quoted-printable soft breaks and escapes undone). */
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The .eml files the app wrote to DATA_DIR/outbox (the embedded mail transport), oldest first. */
export function readOutbox(dataDir = process.env.E2E_DATA_DIR!): OutboxMessage[] {
  const dir = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((name) => name.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(path.join(dir, file), 'utf8');
    const [headers = '', ...rest] = raw.split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    const text = /quoted-printable/i.test(raw) ? decodeQuotedPrintable(body) : body;
    return { file, raw, headers, text };
  });
}

/** The newest message to `recipient` whose subject contains `subject`, if any. */
export function findMessage(recipient: string, subject: string | RegExp): OutboxMessage | undefined {
  return readOutbox()
    .reverse()
    .find(
      (message) =>
        message.headers.toLowerCase().includes(`to: ${recipient.toLowerCase()}`) &&
        (typeof subject === 'string' ? message.headers.includes(subject) : subject.test(message.headers)),
    );
}
