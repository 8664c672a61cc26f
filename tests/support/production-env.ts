/**
 * A complete production environment as an operator would set it: own secrets, Stripe and SMTP. Nothing is
 * contacted at start, so tests that only need a production app can use it as is.
 */
export const productionEnv = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://coolrent.example',
  SESSION_SECRET: 'a-production-secret-that-is-long-enough-0123',
  STRIPE_SECRET_KEY: 'sk_test_production_configuration',
  STRIPE_WEBHOOK_SECRET: 'whsec_production_configuration',
  SMTP_URL: 'smtp://mail.coolrent.example:587',
} as const;

/** The host requests to a production app arrive on; any other is redirected to it (ADR 015). */
export const productionHost = new URL(productionEnv.PUBLIC_URL).host;

/** Production minus the named variables (an operator who forgot them). */
export function productionEnvWithout(...names: Array<keyof typeof productionEnv>): Record<string, string> {
  return Object.fromEntries(Object.entries(productionEnv).filter(([name]) => !names.includes(name as never)));
}
