import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Stripe's own published example of every API object (tests/fixtures/stripe: `openapi/fixtures3.json` of
 * stripe/openapi, MIT). Tests build events from these objects, so what the webhook reads is the current API shape.
 */
const fixtures = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'stripe', 'fixtures3.json'), 'utf8'),
) as { resources: Record<string, Record<string, unknown>> };

/**
 * A deep copy of one resource's fixture object, e.g. stripeFixture('invoice'). Loosely typed on purpose: tests
 * reshape it field by field, and the readers under test are what checks the shape.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function stripeFixture(resource: string): Record<string, any> {
  const object = fixtures.resources[resource];
  if (!object) throw new Error(`no Stripe fixture for ${resource}`);
  return structuredClone(object);
}
