import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '@tests/support/admin-client';
import { CUSTOMER_SESSION_COOKIE } from '@/server/platform/auth/customer-sessions';
import * as factories from '@/server/platform/db/factories';
import { emailTemplates } from '@/server/platform/db/schema';
import { seedDemoData } from '@/server/demo/seed';
import {
  bodyText,
  hasErrorShape,
  hostileBodies,
  hostileBodyValues,
  hostileCookies,
  hostileHeaders,
  hostileUrlValues,
  plausibleFields,
} from '@tests/support/hostile-inputs';
import { snapshotTables } from '@tests/support/table-snapshot';
import { createTestApp } from '@tests/support/test-app';

/**
 * Every registered route (seen by Fastify's onRoute hook, so a route added later is walked too) gets a bounded set
 * of hostile values in each path parameter, query field and body field its schema names, hostile whole bodies, and
 * hostile headers and cookies (issue 31), without a session and with the one the route needs. No answer may be a 5xx, and a 4xx must leave every table as it
 * was (issue 15, ADR 014).
 */
interface Route {
  method: string;
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
}
const routes: Route[] = [];
const t = await createTestApp({
  onRoute: (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema as Route['schema'] });
    }
  },
});
afterAll(async () => t.close());

await seedDemoData(t.db);
const model = await factories.createUnitModel(t.db);
// Enough stock that checkouts accepted earlier in the walk leave units for the ones that follow.
for (let i = 0; i < 60; i += 1) await factories.createUnit(t.db, { modelId: model.id });
const unit = await factories.createUnit(t.db, { modelId: model.id });
const customer = await factories.createCustomer(t.db);
const order = await factories.createOrder(t.db, { customerId: customer.id, modelId: model.id, status: 'active' });
const adminUser = await factories.createAdminUser(t.db);
const fee = await factories.createAdditionalFee(t.db, { customerId: customer.id, createdBy: adminUser.id });
const task = await factories.createDeliveryTask(t.db, { orderId: order.id });
const cancellation = await factories.createCancellationRequest(t.db, { orderId: order.id, customerId: customer.id });
const agreement = await factories.createAgreement(t.db, { orderId: order.id });
const template = await factories.createEmailTemplate(t.db);

/** Real ids by field or parameter name, so requests reach past "not found" into the services. */
const ids: Record<string, string> = {
  customerId: customer.id,
  orderId: order.id,
  unitId: unit.id,
  unitIds: unit.id,
  modelId: model.id,
  templateId: template.id,
  agreementId: agreement.id,
};
/** `:id` by the collection it follows in the path. */
const idsByCollection: Record<string, string> = {
  units: unit.id,
  'unit-models': model.id,
  orders: order.id,
  customers: customer.id,
  'additional-fees': fee.id,
  'email-templates': template.id,
  'cancellation-requests': cancellation.id,
  'delivery-tasks': task.id,
  deliveries: task.id,
};

let addressCounter = 0;
/** Each request from its own address: per-IP limits are tested elsewhere and must not hide a route's handler. */
const nextAddress = () => `10.77.${Math.floor(++addressCounter / 250) % 250}.${addressCounter % 250}`;

let adminCookie = (await signInAdmin(t)).cookie;
let customerCookie = await signInCustomer();

async function signInCustomer(): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/account-access',
    payload: { orderNumber: order.orderNumber, email: customer.email },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode).toBe(200);
  return `${CUSTOMER_SESSION_COOKIE}=${response.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE)!.value}`;
}

/** A route that signs out (or anything else) may have ended a session: sign in again before the next route. */
async function keepSessionsAlive(): Promise<void> {
  const admin = await t.app.inject({ url: '/api/admin/stats', headers: { cookie: adminCookie } });
  if (admin.statusCode === 401) adminCookie = (await signInAdmin(t)).cookie;
  const portal = await t.app.inject({ url: `/api/portal/${order.id}`, headers: { cookie: customerCookie } });
  if (portal.statusCode === 401) customerCookie = await signInCustomer();
}

interface Probe {
  label: string;
  options: InjectOptions;
}

function pathWith(route: Route, raw: Record<string, string> = {}): string {
  return route.url.replace(/:([A-Za-z_]+)/g, (_match, name: string, offset: number) => {
    if (name in raw) return raw[name]!;
    if (name === 'id') return idsByCollection[route.url.slice(0, offset).split('/').at(-2) ?? ''] ?? randomUUID();
    return ids[name] ?? randomUUID();
  });
}

function queryWith(fields: Record<string, unknown>, raw: Record<string, string> = {}): string {
  const pairs = Object.entries(fields)
    .filter(([name, value]) => !(name in raw) && value !== undefined && typeof value !== 'object')
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  for (const [name, value] of Object.entries(raw)) pairs.push(`${name}=${value}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** Groups of probes: one per field (and one of whole bodies), each checked against one pair of snapshots. */
function probeGroups(route: Route): Array<{ field: string; probes: Probe[] }> {
  const params = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!);
  const query = plausibleFields(route.schema?.querystring, ids);
  const body = plausibleFields(route.schema?.body, ids);
  const takesBody = route.method !== 'GET' && route.method !== 'DELETE';
  const request = (url: string, payload?: string): InjectOptions => ({
    method: route.method as InjectOptions['method'],
    url,
    ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
  });
  const plainBody = takesBody ? bodyText(body) : undefined;
  const groups: Array<{ field: string; probes: Probe[] }> = [];

  for (const param of params) {
    groups.push({
      field: `params.${param}`,
      probes: hostileUrlValues.map(([label, value]) => ({
        label,
        options: request(pathWith(route, { [param]: value }) + queryWith(query), plainBody),
      })),
    });
  }
  for (const field of Object.keys(query)) {
    groups.push({
      field: `query.${field}`,
      probes: [
        ...hostileUrlValues.map(([label, value]) => ({
          label,
          options: request(pathWith(route) + queryWith(query, { [field]: value }), plainBody),
        })),
        {
          label: 'repeated',
          options: request(pathWith(route) + queryWith(query, { [field]: `a&${field}=b` }), plainBody),
        },
      ],
    });
  }
  // A route without query fields still gets a stray one: ignored or refused, it must break nothing.
  if (Object.keys(query).length === 0) {
    groups.push({
      field: 'query.q',
      probes: hostileUrlValues.slice(0, 3).map(([label, value]) => ({
        label,
        options: request(pathWith(route) + queryWith({}, { q: value }), plainBody),
      })),
    });
  }
  // Headers and cookies a client chooses, on the route's plain request (a cookie probe goes with the session's).
  const plain = request(pathWith(route) + queryWith(query), plainBody);
  const withHeaders = (label: string, headers: Record<string, string>) => ({
    label,
    options: { ...plain, headers: { ...plain.headers, ...headers } },
  });
  groups.push({ field: 'headers', probes: hostileHeaders.map(([label, headers]) => withHeaders(label, headers)) });
  groups.push({ field: 'cookie', probes: hostileCookies.map(([label, cookie]) => withHeaders(label, { cookie })) });
  if (takesBody) {
    for (const field of Object.keys(body)) {
      groups.push({
        field: `body.${field}`,
        probes: hostileBodyValues.map(([label, value]) => ({
          label,
          options: request(pathWith(route) + queryWith(query), bodyText({ ...body, [field]: value })),
        })),
      });
    }
    groups.push({
      field: 'body',
      probes: hostileBodies.map(([label, raw]) => ({
        label,
        options: request(pathWith(route) + queryWith(query), raw.text),
      })),
    });
  }
  return groups;
}

const sessionsFor = (route: Route): Array<[string, () => string]> =>
  route.url.startsWith('/api/admin')
    ? [
        ['no session', () => ''],
        ['admin', () => adminCookie],
      ]
    : [
        ['no session', () => ''],
        ['customer', () => customerCookie],
      ];

async function send(probe: Probe, cookie: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    ...probe.options,
    remoteAddress: nextAddress(),
    headers: { ...probe.options.headers, cookie: [probe.options.headers?.cookie, cookie].filter(Boolean).join('; ') },
  });
}

const isRefusal = (status: number) => status >= 400 && status < 500;
const sameRows = (a: Record<string, string>, b: Record<string, string>) => JSON.stringify(a) === JSON.stringify(b);

const describeResponse = (
  route: Route,
  field: string,
  label: string,
  session: string,
  response: LightMyRequestResponse,
) =>
  `${route.method} ${route.url} ${field} = ${label} (${session}) → ${response.statusCode} ${response.body.slice(0, 160)}`;

describe('hostile input on every route', () => {
  it('walks all the routes the app registers', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['POST /api/checkout/create-session', 'PATCH /api/portal/:orderId/contact']),
    );
  });

  it('sees a changed row in its snapshot (so "no row changed" can fail)', async () => {
    const before = await snapshotTables(t.db);
    await t.db.update(emailTemplates).set({ subject: 'Changed' }).where(eq(emailTemplates.id, template.id));
    const after = await snapshotTables(t.db);
    expect(sameRows(before, after)).toBe(false);
    expect(sameRows(after, await snapshotTables(t.db))).toBe(true);
  });

  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s: no 5xx, and a 4xx changes no row',
    async (_name, route) => {
      await keepSessionsAlive();
      const failures: string[] = [];
      for (const [session, cookieOf] of sessionsFor(route)) {
        // The snapshot after one group is the one before the next: a group costs one snapshot.
        let before = await snapshotTables(t.db);
        for (const { field, probes } of probeGroups(route)) {
          const answers: Array<{ probe: Probe; status: number }> = [];
          for (const probe of probes) {
            const response = await send(probe, cookieOf());
            answers.push({ probe, status: response.statusCode });
            const where = describeResponse(route, field, probe.label, session, response);
            if (response.statusCode >= 500) failures.push(where);
            else if (isRefusal(response.statusCode) && !hasErrorShape(response))
              failures.push(`${where}: not { message }`);
          }
          const refused = answers.filter(({ status }) => isRefusal(status));
          if (refused.length === answers.length) {
            const after = await snapshotTables(t.db);
            if (!sameRows(before, after))
              failures.push(`${route.method} ${route.url} ${field} (${session}): a 4xx changed rows`);
            before = after;
            continue;
          }
          // Some value was accepted (and may rightly have changed rows): send each refused one again on its own.
          before = await snapshotTables(t.db);
          for (const { probe } of refused) {
            const response = await send(probe, cookieOf());
            const after = await snapshotTables(t.db);
            if (isRefusal(response.statusCode) && !sameRows(before, after)) {
              failures.push(`${describeResponse(route, field, probe.label, session, response)} changed rows`);
            }
            before = after;
          }
        }
      }
      expect(failures).toEqual([]);
    },
    60_000,
  );
});
