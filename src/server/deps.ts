import { BillingClock, systemClock, type Clock } from './platform/clock';
import type { Config } from './platform/config';
import type { Database, Db } from './platform/db/client';
import { createMailer, type Mailer } from './platform/mail/mailer';
import type { PaymentGateway } from './billing/provider/gateway';
import { createPaymentGateway } from './billing/provider/select-gateway';

/** What the routes and services get from the outside world. Tests build the same thing with a test database. */
export interface AppDeps {
  config: Config;
  clock: Clock;
  database: Database;
  db: Db;
  mailer: Mailer;
  payments: PaymentGateway;
}

/** Wires the ports from configuration: what main.ts runs with; tests may swap a port for a local server. */
export function createAppDeps(config: Config, database: Database, overrides: Partial<AppDeps> = {}): AppDeps {
  // The embedded gateway outside production runs on a billing clock the owner can move forward (the demo).
  const onBillingClock = !config.stripe.secretKey && !config.isProduction;
  const clock = overrides.clock ?? (onBillingClock ? new BillingClock() : systemClock);
  return {
    config,
    clock,
    database,
    db: database.db,
    mailer: createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir }),
    payments: createPaymentGateway(config, overrides.db ?? database.db, clock),
    ...overrides,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
