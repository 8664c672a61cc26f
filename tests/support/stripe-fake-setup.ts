import { stripeFixture } from './stripe-fixtures';

/**
 * The part of the Stripe fake that `npm run stripe:setup` and the start-up check talk to: products, prices, webhook
 * endpoints and Customer portal configurations, each list/create/update/retrieve, held in memory. Objects are
 * Stripe's own fixtures (tests/fixtures/stripe) with the fields a request sets.
 */

type StripeObject = ReturnType<typeof stripeFixture>;
type Answer = { status: number; body: unknown };

export interface StripeSetupObjects {
  products: Map<string, StripeObject>;
  prices: Map<string, StripeObject>;
  /** Webhook endpoints as Stripe stores them (without the secret, which only the create answer carries). */
  webhookEndpoints: Map<string, StripeObject>;
  portalConfigurations: Map<string, StripeObject>;
}

let counter = 0;
const nextId = (prefix: string) => `${prefix}_fakesetup${String((counter += 1)).padStart(6, '0')}`;
const now = () => Math.floor(Date.now() / 1000);

/**
 * A form-encoded body ('features[payment_method_update][enabled]=true', 'enabled_events[0]=...') as the nested
 * object it stands for; 'true'/'false' become booleans outside metadata.
 */
export function nestParams(params: Record<string, string>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(params)) {
    const path = key.replace(/\]/g, '').split('[');
    const value = path[0] !== 'metadata' && (raw === 'true' || raw === 'false') ? raw === 'true' : raw;
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const slot = node as Record<string, unknown>;
      if (last) slot[segment] = value;
      else slot[segment] ??= /^\d+$/.test(path[index + 1]!) ? [] : {};
      node = slot[segment] as Record<string, unknown>;
    });
  }
  return root;
}

/** Stripe's update: objects merge field by field, anything else (arrays included) replaces. */
function merge(target: StripeObject, changes: Record<string, unknown>): StripeObject {
  for (const [key, value] of Object.entries(changes)) {
    const current = target[key];
    const bothObjects = [current, value].every((v) => v && typeof v === 'object' && !Array.isArray(v));
    target[key] = bothObjects ? merge(current as StripeObject, value as Record<string, unknown>) : value;
  }
  return target;
}

const list = (url: string, objects: StripeObject[]): Answer => ({
  status: 200,
  body: { object: 'list', data: objects, has_more: false, url },
});
const notFound = (what: string): Answer => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
});

export function createSetupObjects(): StripeSetupObjects {
  return { products: new Map(), prices: new Map(), webhookEndpoints: new Map(), portalConfigurations: new Map() };
}

function createPrice(objects: StripeSetupObjects, p: Record<string, unknown>): Answer {
  const { recurring, transfer_lookup_key: transfer, ...fields } = p as Record<string, never>;
  const lookupKey = (fields as { lookup_key?: string }).lookup_key ?? null;
  const holder = [...objects.prices.values()].find((price) => lookupKey && price.lookup_key === lookupKey);
  if (holder && !transfer) {
    const message = `A price (\`${holder.id}\`) already uses that lookup key.`;
    return { status: 400, body: { error: { type: 'invalid_request_error', message, param: 'lookup_key' } } };
  }
  if (holder) holder.lookup_key = null;
  const fixture = stripeFixture('price');
  const price = merge(fixture, { ...fields, id: nextId('price'), created: now(), metadata: {}, lookup_key: lookupKey });
  price.unit_amount = Number(price.unit_amount);
  price.unit_amount_decimal = String(price.unit_amount);
  const wanted = recurring as { interval: string; interval_count?: string } | undefined;
  price.recurring = wanted
    ? { ...fixture.recurring, interval: wanted.interval, interval_count: Number(wanted.interval_count ?? 1) }
    : null;
  price.type = wanted ? 'recurring' : 'one_time';
  merge(price, { metadata: (p.metadata as object) ?? {} });
  objects.prices.set(price.id, price);
  return { status: 200, body: price };
}

/** Answers a request for one of these objects, or null when the request is for something else. */
export function answerSetupRequest(
  objects: StripeSetupObjects,
  request: { method: string; path: string; query: URLSearchParams; params: Record<string, string> },
): Answer | null {
  const p = nestParams(request.params);
  const { method, path } = request;
  const collections = {
    '/v1/products': { map: objects.products, fixture: 'product', prefix: 'prod' },
    '/v1/prices': { map: objects.prices, fixture: 'price', prefix: 'price' },
    '/v1/webhook_endpoints': { map: objects.webhookEndpoints, fixture: 'webhook_endpoint', prefix: 'we' },
    '/v1/billing_portal/configurations': {
      map: objects.portalConfigurations,
      fixture: 'billing_portal.configuration',
      prefix: 'bpc',
    },
  } as const;
  const base = Object.keys(collections).find((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  if (!base) return null;
  const { map, fixture, prefix } = collections[base as keyof typeof collections];
  const id = path.slice(base.length + 1);

  if (method === 'GET' && !id) {
    let found = [...map.values()];
    const lookupKeys = [...request.query.entries()].filter(([key]) => key.startsWith('lookup_keys'));
    if (lookupKeys.length > 0) found = found.filter((o) => lookupKeys.some(([, key]) => o.lookup_key === key));
    const active = request.query.get('active');
    if (active) found = found.filter((o) => String(o.active) === active);
    const isDefault = request.query.get('is_default');
    if (isDefault) found = found.filter((o) => String(o.is_default) === isDefault);
    return list(base, found);
  }
  if (method === 'POST' && !id) {
    if (base === '/v1/prices') return createPrice(objects, p);
    const created = merge(stripeFixture(fixture), { id: nextId(prefix), created: now(), metadata: {} });
    if (base === '/v1/products') Object.assign(created, { default_price: null, description: null, updated: now() });
    if (base === '/v1/webhook_endpoints') Object.assign(created, { status: 'enabled', description: null });
    if (base === '/v1/billing_portal/configurations') {
      // Stripe makes an API-created configuration not the default one (the Dashboard's is).
      Object.assign(created, { is_default: false, livemode: false, updated: now() });
    }
    merge(created, p);
    map.set(created.id, created);
    const secret = base === '/v1/webhook_endpoints' ? { secret: `whsec_${nextId('fake')}` } : {};
    return { status: 200, body: { ...created, ...secret } };
  }
  const held = map.get(id);
  if (!held) return notFound(`${prefix}: '${id}'`);
  if (method === 'GET') return { status: 200, body: held };
  if (method === 'POST') {
    const { disabled, ...changes } = p;
    if (disabled !== undefined) held.status = disabled ? 'disabled' : 'enabled';
    merge(held, changes);
    if ('updated' in held) held.updated = now();
    return { status: 200, body: held };
  }
  return null;
}
