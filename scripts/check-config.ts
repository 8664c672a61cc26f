// `node dist/scripts/check-config.js` (or `tsx scripts/check-config.ts`): checks the environment (and `.env` in the
// working directory) as a start would, without opening the database or listening, and says what it would run.
// The deploy kit's checks run it on each app service's environment (scripts/check-deploy-kit.ts); an operator can run
// it before a first start or an upgrade. Exit 1 and the start's own message when a value is wrong.
import { ConfigError, loadConfig, loadDotEnv } from '@/server/platform/config';

try {
  loadDotEnv();
  const config = loadConfig();
  const database = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  const payments = config.stripe.secretKey ? 'Stripe' : 'the local test-card page';
  const mail = config.mail.smtpUrl ? 'SMTP' : 'the .eml outbox';
  const mode = config.isProduction ? 'production' : 'development';
  console.log(`configuration valid (${mode}): ${config.publicUrl}, ${database}, ${payments}, ${mail}`);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
