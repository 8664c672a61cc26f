import path from 'node:path';
import { API_DOCS_PATH } from './platform/api-docs/documents';
import type { AppDeps } from './deps';
import { embeddedDatabaseDir } from './platform/db/data-dir';
import { isLocalGateway } from './billing/provider/local-gateway';

/** A connection URL without its password, for the log. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '(unreadable URL)';
  }
}

/**
 * The one line an operator reads at start: where the site is, and which database, payment gateway and mailer it
 * really uses, e.g. `CoolRent OC on http://localhost:5000 | database: PGlite in ./data/db | payments: local
 * test-card page | mail: outbox in ./data/outbox | data dir: ./data | API reference: http://localhost:5000/api/docs`.
 */
export function startupSummary({ config, database, payments, mailer }: AppDeps): string {
  const databaseText =
    database.kind === 'postgres'
      ? `PostgreSQL${config.databaseUrl ? ` at ${withoutPassword(config.databaseUrl)}` : ''}`
      : `PGlite in ${embeddedDatabaseDir(config.dataDir)}`;
  const stripeMode = config.stripe.secretKey?.startsWith('sk_live_') ? 'live' : 'test';
  const paymentsText = isLocalGateway(payments)
    ? `local test-card page${config.stagingTestServices ? ' (staging opt-in)' : ''}`
    : `Stripe (${stripeMode} key)`;
  const mailText =
    mailer.kind === 'smtp' && config.mail.smtpUrl
      ? `SMTP via ${withoutPassword(config.mail.smtpUrl)}`
      : `outbox in ${path.join(config.dataDir, 'outbox')}`;
  return [
    `CoolRent OC on ${config.publicUrl}`,
    `database: ${databaseText}`,
    `payments: ${paymentsText}`,
    `mail: ${mailText}`,
    `data dir: ${config.dataDir}`,
    `API reference: ${config.publicUrl}${API_DOCS_PATH}`,
  ].join(' | ');
}
