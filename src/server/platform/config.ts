import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './http/trust-proxy';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const SENTRY_DSN_FORMAT = 'must be a Sentry DSN: https://<public key>@<host>/<project id>';

/** What Sentry's SDKs accept: an http(s) URL, a public key before the host, a numeric project id to end the path. */
function isSentryDsn(value: string): boolean {
  const url = URL.parse(value);
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') return false;
  return /^\w+$/.test(url.username) && /\/\d+$/.test(url.pathname);
}

/** The variable a staging site sets to run production with the local payment page and the e-mail outbox. */
export const STAGING_OPT_IN = 'ALLOW_TEST_PAYMENTS_AND_OUTBOX';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// URL' }).optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1, 'must be at least 1').max(200).default(10),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  // Set by `npm run dev` (scripts/dev.mjs): the port of Vite's dev server, which serves the site and proxies /api to
  // this server on PORT; the default PUBLIC_URL is then http://localhost:DEV_SITE_PORT.
  DEV_SITE_PORT: optionalString.pipe(z.coerce.number<string>().int().min(1).max(65535).optional()),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_MONTHLY: optionalString,
  SMTP_URL: optionalString.pipe(
    z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: z.string().min(3).default('CoolRent OC <rentals@coolrent.example>'),
  // Where the owner's alerts go (new rentals, cancellation requests, failed payments); the admins' e-mails if unset.
  OWNER_ALERT_EMAIL: optionalString.pipe(z.email({ message: 'must be an e-mail address' }).optional()),
  ADMIN_USERNAME: optionalString.pipe(z.string().max(50).optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  BUSINESS_PHONE: z.string().min(7).default('(714) 555-0139'),
  BUSINESS_EMAIL: z.email().default('support@coolrent.example'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'string') {
        context.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  // A staging site's opt-in: production with the local test-card payment page and the .eml outbox.
  ALLOW_TEST_PAYMENTS_AND_OUTBOX: z
    .string()
    .trim()
    .default('')
    .pipe(z.enum(['', 'true', 'false'], { message: 'must be true or false' }))
    .transform((value) => value === 'true'),
  // Error reports go to this Sentry-compatible endpoint when set; nothing is sent without it.
  SENTRY_DSN: optionalString.pipe(z.string().refine(isSentryDsn, { message: SENTRY_DSN_FORMAT }).optional()),
  SENTRY_ENVIRONMENT: optionalString,
  SENTRY_RELEASE: optionalString,
  // GET /metrics answers only with this bearer token (and 404 without it set).
  METRICS_TOKEN: optionalString,
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections each instance keeps to PostgreSQL (plus one listening for catalog changes): ADR 024 sizes it. */
  databasePoolSize: number;
  /**
   * PUBLIC_URL, or `http://localhost:PORT` outside production when unset (DEV_SITE_PORT for PORT under `npm run dev`):
   * the site's one address (ADR 015).
   */
  publicUrl: string;
  /**
   * Outside production with PUBLIC_URL unset: absolute URLs made while answering a request follow the local host
   * the browser used (http/canonical-origin.ts); publicUrl is then only the default.
   */
  publicUrlFollowsRequest: boolean;
  sessionSecret: string;
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string;
    priceMonthly: string | undefined;
  };
  mail: { smtpUrl: string | undefined; from: string; ownerAlertEmail: string | undefined };
  /** Production running the local payment page and the outbox on purpose (a staging site). */
  stagingTestServices: boolean;
  admin: { username: string | undefined; password: string | undefined };
  business: { phone: string; email: string };
  logLevel: Env['LOG_LEVEL'];
  /** The reverse proxies whose X-Forwarded-For is believed (addresses, CIDRs, named ranges); empty: none. */
  trustProxy: string[];
  /** Where errors are reported (a Sentry-compatible DSN); undefined: nowhere but the log. */
  errorReporting: { dsn: string; environment: string; release: string | undefined } | undefined;
  /** The bearer token GET /metrics requires; undefined: no /metrics (404). */
  metricsToken: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const DEV_SESSION_SECRET = 'dev-only-session-secret-not-for-production-use';
/** Public (it is in this repository): anyone could sign a webhook with it, so production never accepts it. */
export const LOCAL_WEBHOOK_SECRET = 'whsec_local_gateway_secret';

/**
 * Reads `.env` from the working directory into process.env when the file exists (Node's own parser); a variable
 * already set in the environment wins over the file.
 */
export function loadDotEnv(file = '.env'): boolean {
  if (!existsSync(file)) return false;
  try {
    process.loadEnvFile(file);
  } catch (error) {
    throw new ConfigError(`${file}: could not be read (${(error as Error).message})`);
  }
  return true;
}

/** Parses the environment once; a bad value throws a ConfigError naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';

  if (isProduction) {
    const problems = productionProblems(env);
    if (problems.length > 0) throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  if ((env.ADMIN_USERNAME === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    const missingName = env.ADMIN_USERNAME === undefined ? 'ADMIN_USERNAME' : 'ADMIN_PASSWORD';
    throw new ConfigError(`Invalid environment:\n  ${missingName}: required when the other admin variable is set`);
  }

  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.DEV_SITE_PORT ?? env.PORT}`).replace(/\/$/, ''),
    publicUrlFollowsRequest: !isProduction && env.PUBLIC_URL === undefined,
    sessionSecret: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? LOCAL_WEBHOOK_SECRET,
      priceMonthly: env.STRIPE_PRICE_MONTHLY,
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, ownerAlertEmail: env.OWNER_ALERT_EMAIL },
    stagingTestServices: isProduction && env.ALLOW_TEST_PAYMENTS_AND_OUTBOX,
    admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
    business: { phone: env.BUSINESS_PHONE, email: env.BUSINESS_EMAIL },
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    errorReporting: env.SENTRY_DSN
      ? { dsn: env.SENTRY_DSN, environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV, release: env.SENTRY_RELEASE }
      : undefined,
    metricsToken: env.METRICS_TOKEN,
  };
}

/**
 * What production refuses to run without (ADR 015): secrets of its own, a real payment provider and a real mailer.
 * A staging site may opt in to the local payment page and the outbox, but never with the public webhook secret.
 */
function productionProblems(env: Env): string[] {
  const problems: string[] = [];
  const required = (name: string) => problems.push(`${name}: required in production`);
  const optIn = `or set ${STAGING_OPT_IN}=true for a staging site`;
  if (!env.SESSION_SECRET) required('SESSION_SECRET');
  if (!env.PUBLIC_URL) required('PUBLIC_URL');
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) required('STRIPE_WEBHOOK_SECRET');
  if (!env.STRIPE_SECRET_KEY && !env.ALLOW_TEST_PAYMENTS_AND_OUTBOX) {
    problems.push(`STRIPE_SECRET_KEY: required in production (the local test-card payment page is not safe; ${optIn})`);
  }
  if (!env.SMTP_URL && !env.ALLOW_TEST_PAYMENTS_AND_OUTBOX) {
    problems.push(`SMTP_URL: required in production (e-mail would only be written to the outbox folder; ${optIn})`);
  }
  if (!env.STRIPE_SECRET_KEY && env.ALLOW_TEST_PAYMENTS_AND_OUTBOX && !env.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET: required for the local payment page in production (a secret of your own)');
  }
  if (env.METRICS_TOKEN !== undefined && env.METRICS_TOKEN.length < 16) {
    problems.push('METRICS_TOKEN: must be at least 16 characters in production');
  }
  if (env.STRIPE_WEBHOOK_SECRET === LOCAL_WEBHOOK_SECRET) {
    problems.push("STRIPE_WEBHOOK_SECRET: the local gateway's public secret is refused in production");
  }
  return problems;
}
