import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/platform/config';
import { createAppDeps } from '@/server/deps';
import { createUnitModel } from '@/server/platform/db/factories';
import { productionEnv, productionHost } from '@tests/support/production-env';
import { createTestDatabase } from '@tests/support/test-app';
import {
  byFastify as fastifyAnswer,
  comparable,
  overSocket as socketAnswer,
  type Answer,
} from '@tests/support/answers';

/**
 * The prerendered pages are answered before Fastify in production (http/prerendered-fast-lane.ts, ADR 027) by
 * replaying Fastify's own answer for the request's language and variant. Each request here is answered both ways —
 * by the listening server once the fast lane replays it, and by Fastify (app.inject) — and the two answers must
 * match header by header (CSP, Vary, ETag, cache, security headers) and byte by byte.
 */

// A built web app of our own: an index and a page renderer (the port src/web/entry-server.tsx implements) that shows
// the path, the language and the catalog it was rendered from.
const dir = mkdtempSync(path.join(os.tmpdir(), 'coolrent-pages-lane-'));
const webRoot = path.join(dir, 'web');
mkdirSync(webRoot);
mkdirSync(path.join(dir, 'ssr'));
writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html lang="en"><head><title>Cool Rentals</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(
  path.join(dir, 'ssr', 'entry-server.js'),
  `export const LOCALES = ['en', 'es'];
export const prerenderedPaths = ['/', '/catalog'];
export const PRERENDER_STATE_ID = 'prerender-state';
export async function renderPage(pagePath, locale, fetcher) {
  const models = await (await fetcher('/api/unit-models', { method: 'GET' })).text();
  return {
    html: '<h1>' + locale + ' ' + pagePath + '</h1><p>' + models + '</p>' + '<p>Delivered and installed.</p>'.repeat(60),
    title: pagePath + ' (' + locale + ')',
    state: { models },
  };
}
`,
);

const dataDir = path.join(dir, 'data');
const config = loadConfig({ ...productionEnv, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const testDatabase = await createTestDatabase();
await createUnitModel(testDatabase.db, { name: 'Pages lane model' });
const app = await buildApp({ deps: createAppDeps(config, testDatabase.database), logger: false, webRoot });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;
afterAll(async () => {
  await app.close();
  await testDatabase.close();
  rmSync(dir, { recursive: true, force: true });
});

const overSocket = (method: string, url: string, headers: Record<string, string>) =>
  socketAnswer(port, productionHost, method, url, headers);
const byFastify = (method: 'GET' | 'HEAD', url: string, headers: Record<string, string>) =>
  fastifyAnswer(app, productionHost, method, url, headers);

/** The listening server's answer once the fast lane replays it (the first request of a variant records it). */
async function byFastLane(method: 'GET' | 'HEAD', url: string, headers: Record<string, string>): Promise<Answer> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const before = app.fastLane.replayed;
    const answer = await overSocket(method, url, headers);
    if (app.fastLane.replayed > before) return answer;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${method} ${url} was never answered by the fast lane`);
}

const etagOf = async (url: string, headers: Record<string, string>) =>
  String((await byFastify('GET', url, headers)).headers.etag);

const spanishByCookie = { cookie: 'coolrent_other=1; lang=es' };
const spanishByBrowser = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' };
const english = { 'accept-language': 'es;q=0.5, en' };

describe.each(['/', '/catalog'])('GET %s, prerendered, in the fast lane', (url) => {
  const cases: Array<[string, 'GET' | 'HEAD', Record<string, string>, boolean?]> = [
    ['a plain GET (English, identity)', 'GET', {}],
    ['GET accepting br, as browsers ask', 'GET', { 'accept-encoding': 'gzip, deflate, br, zstd' }],
    ['GET accepting gzip only', 'GET', { 'accept-encoding': 'br;q=0, gzip' }],
    ['GET in Spanish by the lang cookie, br', 'GET', { ...spanishByCookie, 'accept-encoding': 'br' }],
    ['GET in Spanish by Accept-Language, gzip', 'GET', { ...spanishByBrowser, 'accept-encoding': 'gzip' }],
    ['GET in English by Accept-Language', 'GET', english],
    ['GET in English by the cookie over a Spanish browser', 'GET', { cookie: 'lang=en', ...spanishByBrowser }],
    ['GET with an unknown lang cookie (Accept-Language decides)', 'GET', { cookie: 'lang=fr', ...spanishByBrowser }],
    ['HEAD', 'HEAD', {}],
    ['HEAD in Spanish, br', 'HEAD', { ...spanishByCookie, 'accept-encoding': 'br' }],
    ['GET revalidating the current English copy', 'GET', {}, true],
    ['GET revalidating the current Spanish copy', 'GET', spanishByBrowser, true],
    ['GET revalidating an old copy', 'GET', { 'if-none-match': '"an-old-copy"' }],
  ];

  it.each(cases)('answers %s exactly as Fastify does', async (_name, method, given, revalidate) => {
    const headers = revalidate ? { ...given, 'if-none-match': await etagOf(url, given) } : given;
    const fastLane = await byFastLane(method, url, headers);
    const fastify = await byFastify(method, url, headers);
    expect(comparable(fastLane.headers)).toEqual(comparable(fastify.headers));
    expect(fastLane.status).toBe(fastify.status);
    expect(fastLane.body).toBe(fastify.body);
    expect(fastLane.status).toBe(revalidate ? 304 : 200);
  });

  it('sends the page’s headers: CSP with the script hash, Vary, no-cache, HSTS', async () => {
    const answer = await byFastLane('GET', url, { 'accept-encoding': 'br' });
    expect(answer.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(answer.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('answers each language with its own page', async () => {
    const text = async (headers: Record<string, string>) =>
      Buffer.from((await byFastLane('GET', url, headers)).body, 'base64').toString();
    expect(await text(spanishByCookie)).toContain(`<h1>es ${url}</h1>`);
    expect(await text(spanishByBrowser)).toContain(`<html lang="es" data-locale="es">`);
    expect(await text({})).toContain(`<h1>en ${url}</h1>`);
  });

  it('leaves another host to the canonical-origin redirect, and a query string to Fastify', async () => {
    await byFastLane('GET', url, {});
    const before = app.fastLane.replayed;
    const redirected = await overSocket('GET', url, { host: 'www.coolrent.example' });
    expect(redirected.status).toBe(301);
    expect(redirected.headers.location).toBe(`https://coolrent.example${url}`);
    const query = await overSocket('GET', `${url}?utm_source=mail`, {});
    expect(query.status).toBe(200);
    expect(app.fastLane.replayed).toBe(before);
  });

  it('leaves a lang cookie it cannot read to Fastify, which answers it as before', async () => {
    await byFastLane('GET', url, {});
    const before = app.fastLane.replayed;
    const headers = { cookie: 'lang=%E0%A4%A' };
    const answer = await overSocket('GET', url, headers);
    expect(app.fastLane.replayed).toBe(before);
    expect(answer.status).toBe((await byFastify('GET', url, headers)).status);
  });
});

describe('a change to what the pages show', () => {
  it('is answered with the new page once rendered again (the old recording is not replayed)', async () => {
    const old = await byFastLane('GET', '/catalog', {});
    await createUnitModel(testDatabase.db, { name: 'A model added later' });
    let fresh = old;
    for (let attempt = 0; attempt < 200 && fresh.headers.etag === old.headers.etag; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      fresh = await byFastLane('GET', '/catalog', {});
    }
    expect(Buffer.from(fresh.body, 'base64').toString()).toContain('A model added later');
    const fastify = await byFastify('GET', '/catalog', {});
    expect(comparable(fresh.headers)).toEqual(comparable(fastify.headers));
    expect(fresh.body).toBe(fastify.body);
  });
});
