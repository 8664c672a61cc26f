import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/**
 * What the route fuzz (tests/api/route-fuzz.test.ts) sends: a plausible value for every field of a route's schema,
 * read from the schema itself so a future route needs nothing here, and a bounded set of hostile values.
 */

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  minItems?: number;
  default?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
};

/** A raw JSON text in the body: `true`, deep nesting, prototype keys cannot be built with JSON.stringify. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Values that fit fields whose rules a schema states only as a regex or a refinement. */
const plausibleByName: Record<string, unknown> = {
  zipCode: '92612',
  phone: '(714) 555-0101',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12 / 34',
  cvc: '123',
  templateType: 'fuzz_template',
  planType: 'monthly',
  btuTier: '12-14k',
  amountCents: 2500,
  amount: '25.00',
  btu: 12_000,
  purchasePrice: 450,
};

function tomorrow(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

function sampleOf(schema: JsonSchema, name: string, ids: Record<string, string>): unknown {
  if (name in plausibleByName) return plausibleByName[name];
  if (/date$/i.test(name)) return tomorrow();
  // Its own address for each route: one customer's address is never another's (a 409 would end the walk early).
  if (/email$/i.test(name)) return `fuzz-${randomUUID().slice(0, 8)}@example.com`;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum.find((value) => value !== 'all') ?? schema.enum[0];
  if (schema.anyOf) return sampleOf(schema.anyOf[0]!, name, ids);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, child]) => [key, sampleOf(child, key, ids)]),
      );
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () =>
        sampleOf(schema.items ?? {}, name.replace(/s$/, ''), ids),
      );
    case 'integer':
    case 'number':
      return schema.default ?? schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'uuid') return ids[name] ?? randomUUID();
      if (schema.format === 'email') return `fuzz-${randomUUID().slice(0, 8)}@example.com`;
      if (schema.format === 'date-time') return new Date().toISOString();
      return 'Fuzz value text'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 1000);
    default:
      return 'fuzz';
  }
}

/** A plausible value for each field of a zod object schema (`ids` supplies real ids by field name). */
export function plausibleFields(schema: unknown, ids: Record<string, string>): Record<string, unknown> {
  if (!(schema instanceof z.ZodType)) return {};
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const sample = sampleOf(json, '', ids);
  return sample && typeof sample === 'object' && !Array.isArray(sample) ? (sample as Record<string, unknown>) : {};
}

const MEGABYTE_STRING = 'x'.repeat(1_000_000);
const DEEP = 5_000;
const impossibleDates = ['2027-02-30', '9999-99-99', '0000-01-01', '9999-12-31'];

/** Hostile values for one field of a JSON body. */
export const hostileBodyValues: Array<[string, unknown]> = [
  ['NUL', 'a\u0000b'],
  ['lone surrogate', 'x\ud800y'],
  ['1 MB string', MEGABYTE_STRING],
  ...impossibleDates.map((date): [string, unknown] => [`date ${date}`, date]),
  ['number', 12_345],
  ['negative', -1],
  ['huge number', 1e308],
  ['boolean', true],
  ['null', null],
  ['array', ['a', 1]],
  ['object', { a: 1 }],
  ['prototype key', new RawJson('{"__proto__":{"polluted":true}}')],
  ['constructor key', new RawJson('{"constructor":{"prototype":{"polluted":true}}}')],
  ['deep nesting', new RawJson(`${'['.repeat(DEEP)}${']'.repeat(DEEP)}`)],
];

/** Whole bodies that are not what any route takes. */
export const hostileBodies: Array<[string, RawJson]> = [
  ['true', new RawJson('true')],
  ['an array', new RawJson('[]')],
  ['a string', new RawJson('"x\\u0000"')],
  ['prototype key', new RawJson('{"__proto__":{"isAdmin":true}}')],
  ['constructor key', new RawJson('{"constructor":{"prototype":{"isAdmin":true}}}')],
  ['deep nesting', new RawJson(`${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`)],
  ['not JSON', new RawJson('{"a":')],
];

/** Hostile values as they arrive in a query string or a path segment: already percent-encoded text. */
export const hostileUrlValues: Array<[string, string]> = [
  ['NUL', 'a%00b'],
  ['lone surrogate', '%ED%A0%80'],
  ['bad escape', '%E0%A4%A'],
  ['long string', 'x'.repeat(20_000)],
  ...impossibleDates.map((date): [string, string] => [`date ${date}`, date]),
  ['prototype key', '__proto__'],
  ['constructor', 'constructor'],
  ['dots', '..%2F..%2Fetc%2Fpasswd'],
];

/**
 * Request headers a client chooses (issue 31: the fuzz walk covers headers and cookies), as Node's parser would let
 * them through: printable Latin-1, any length up to its 16 KiB limit. Each is sent with a route's plain request.
 */
export const hostileHeaders: Array<[string, Record<string, string>]> = [
  ['Accept-Language huge', { 'accept-language': 'es-MX;q=0.9,'.repeat(1_200) }],
  ['Accept-Language odd', { 'accept-language': '*;q=abc, ;;, es-;q=2, \u00ff\u00e9, q=1' }],
  ['Accept-Encoding odd', { 'accept-encoding': 'br;q=NaN, gzip;q=-1, *;q=1e999, identity;q=0' }],
  ['If-None-Match odd', { 'if-none-match': `"\\"", W/, *, ${'x'.repeat(8_000)}` }],
  ['If-Modified-Since impossible', { 'if-modified-since': 'Mon, 31 Feb 2026 25:61:61 GMT' }],
  ['X-Forwarded-For odd', { 'x-forwarded-for': 'not-an-ip, 999.1.1.1, ::ffff:zz, , 10.0.0.1' }],
  ['X-Forwarded-Host foreign', { 'x-forwarded-host': 'evil.example:99999' }],
  ['X-Forwarded-Proto odd', { 'x-forwarded-proto': 'gopher' }],
  ['X-Request-Id odd', { 'x-request-id': `../${'x'.repeat(300)}\u00ff` }],
  ['Origin foreign', { origin: 'https://evil.example' }],
  ['Referer bad escape', { referer: 'http://%zz/%E0%A4%A' }],
  ['Authorization junk', { authorization: `Bearer ${'A'.repeat(5_000)}` }],
  ['Stripe-Signature junk', { 'stripe-signature': 't=abc,v1=zz,t=99999999999' }],
  ['Range backwards', { range: 'bytes=999999-0' }],
  ['Content-Type odd', { 'content-type': 'application/json; charset=utf-7' }],
];

/** Cookie headers a client chooses: malformed, forged sessions, duplicates and huge (sent with the route's session). */
export const hostileCookies: Array<[string, string]> = [
  ['bad escape', 'lang=%E0%A4%A; cr_checkout=%zz'],
  ['no names', ';;;=;lang;=es'],
  ['forged sessions', 'cr_session=forged.v1; cr_admin=forged.v1; cr_admin_device=x; cr_admin_pending=y'],
  ['quoted', 'lang="es"; cr_checkout="'],
  ['unknown language', 'lang=xx-YY'],
  ['huge', `x=${'a'.repeat(7_000)}`],
  ['prototype names', '__proto__=1; constructor=2; toString=3'],
];

/** Serialises a body in which RawJson values are spliced in as raw JSON text. */
export function bodyText(body: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (value instanceof RawJson) {
      raws.push(value.text);
      return `\u0001RAW${raws.length - 1}\u0001`;
    }
    return value;
  });
  return text.replace(/"\\u0001RAW(\d+)\\u0001"/g, (_match, index: string) => raws[Number(index)]!);
}

/** The API's one error shape: `{ message }` (plus fieldErrors for bad fields). */
export function hasErrorShape(response: { json(): unknown }): boolean {
  try {
    return typeof (response.json() as { message?: unknown }).message === 'string';
  } catch {
    return false;
  }
}
