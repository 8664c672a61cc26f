import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locale } from '@/contracts/locale';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-app';
import { CatalogCache } from '@/server/rentals/catalog/cache';
import type { PageRenderer } from './page-renderer';
import { cookieValue } from './prerendered';
import { registerWebApp } from './web';

// The server's side of ADR 027 with a renderer of its own (the port src/web/entry-server.tsx implements; the real
// one is exercised by tests/e2e/prerender.spec.ts): each page names its path, language and the API's answer.
const filler = 'Portable air conditioners delivered and installed. '.repeat(60);
let phone = '(714) 555-0100';
let renders = 0;
const renderer: PageRenderer = {
  LOCALES: ['en', 'es'],
  prerenderedPaths: ['/', '/catalog'],
  PRERENDER_STATE_ID: 'prerender-state',
  async renderPage(pagePath: string, locale: Locale, fetcher) {
    renders += 1;
    const info = (await (await fetcher('/api/site-info', { method: 'GET' })).json()) as { phone: string };
    return {
      html: `<h1>${locale} ${pagePath}</h1><p>${info.phone}</p><p>${filler}</p>`,
      title: `${pagePath} (${locale})`,
      state: { queries: [{ queryHash: '["/api/site-info"]', data: info }] },
    };
  },
};

describe('the public pages rendered by the server', () => {
  let root: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'web-root-'));
    writeFileSync(
      path.join(root, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Cool Rentals</title></head><body><div id="root"></div></body></html>',
    );
    app = Fastify();
    app.get('/api/site-info', async () => ({ phone }));
    await registerWebApp(app, root, { renderer });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({ method, url, headers });

  it('answers in the language of the cookie, else of Accept-Language, else English', async () => {
    const cases: [Record<string, string>, Locale][] = [
      [{}, 'en'],
      [{ 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' }, 'es'],
      [{ 'accept-language': 'fr-FR, es;q=0.5' }, 'es'],
      [{ 'accept-language': 'es;q=0, en' }, 'en'],
      [{ 'accept-language': 'de' }, 'en'],
      [{ 'accept-language': 'en-US', cookie: 'theme=dark; lang=es' }, 'es'],
      [{ 'accept-language': 'es-MX', cookie: 'lang=en' }, 'en'],
      [{ 'accept-language': 'es-MX', cookie: 'lang=fr' }, 'es'],
    ];
    for (const [headers, locale] of cases) {
      const response = await get('/catalog', headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      expect(response.body, JSON.stringify(headers)).toContain(`<html lang="${locale}" data-locale="${locale}">`);
      expect(response.body).toContain(`<h1>${locale} /catalog</h1>`);
      expect(response.body).toContain(`<title>/catalog (${locale})</title>`);
    }
    expect((await get('/')).body).toContain('<h1>en /</h1>');
  });

  it('carries the data it was rendered from, and says how caches must key and revalidate it', async () => {
    const response = await get('/');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(response.headers.etag).toMatch(/^"[\w-]{22}"$/);
    expect(response.body).toContain('<div id="root"><h1>en /</h1><p>(714) 555-0100</p>');
    expect(response.body).toMatch(/<script id="prerender-state" type="application\/json">\{"queries":/);

    const spanish = await get('/', { 'accept-language': 'es' });
    expect(spanish.headers.etag).not.toBe(response.headers.etag);
    const revalidated = await get('/', { 'if-none-match': response.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect((await get('/', { 'if-none-match': spanish.headers.etag as string })).statusCode).toBe(200);
  });

  it('sends its brotli or gzip copy as Accept-Encoding allows', async () => {
    const identity = await get('/catalog');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(Number(identity.headers['content-length'])).toBe(identity.rawPayload.length);

    const br = await get('/catalog', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(identity.rawPayload.length / 5);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(identity.body);

    const gzip = await get('/catalog', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(identity.body);

    expect(
      (await get('/catalog', { 'accept-encoding': 'gzip;q=0, br;q=0' })).headers['content-encoding'],
    ).toBeUndefined();
  });

  it('answers HEAD with the headers GET would send, without a body', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'br' },
      { 'accept-language': 'es', 'accept-encoding': 'gzip' },
    ];
    for (const headers of variants) {
      const getResponse = await get('/', headers);
      const head = await get('/', headers, 'HEAD');
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      for (const name of ['content-length', 'content-encoding', 'content-type', 'etag', 'vary', 'cache-control']) {
        expect(head.headers[name], name).toBe(getResponse.headers[name]);
      }
    }
  });

  it('leaves other page routes to the SPA index', async () => {
    const accountAccess = await get('/account-access', { 'accept-language': 'es' });
    expect(accountAccess.statusCode).toBe(200);
    expect(accountAccess.body).toContain('<div id="root"></div>');
    expect(accountAccess.headers.vary).toBeUndefined();
    expect((await get('/no-such-page')).statusCode).toBe(404);
  });

  it('renders again when an answer the pages were rendered from changes, and not otherwise', async () => {
    const before = renders;
    // The recheck is timed on performance.now() (a timer, not the business clock): move that a minute on.
    const later = performance.now() + 60_000;
    const now = vi.spyOn(performance, 'now').mockReturnValue(later);
    try {
      await get('/');
      await vi.waitFor(() => expect(renders).toBe(before));
      phone = '(714) 555-0199';
      now.mockReturnValue(later + 60_000);
      await get('/');
      await vi.waitFor(async () => expect((await get('/')).body).toContain('(714) 555-0199'));
      expect(renders).toBe(before + 4);
    } finally {
      now.mockRestore();
    }
  });
});

describe('the public pages and the catalog', () => {
  let root: string;
  let app: FastifyInstance;
  let test: TestDatabase;
  let shown = 'first';
  /** Called after each answer of the API the pages are rendered from (a change landing mid-render). */
  let afterAnswer: (() => void) | undefined;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'web-root-'));
    writeFileSync(
      path.join(root, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Cool Rentals</title></head><body><div id="root"></div></body></html>',
    );
    test = await createTestDatabase();
    const catalog = new CatalogCache(test.database);
    await catalog.start();
    app = Fastify();
    app.decorate('catalog', catalog);
    app.get('/api/site-info', async () => {
      const answer = { phone: shown };
      afterAnswer?.();
      return answer;
    });
    await registerWebApp(app, root, { renderer });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await app.catalog.stop();
    await test.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('renders again at once when the catalog is dropped, not 10 s after a request', async () => {
    await vi.waitFor(async () => expect((await app.inject({ url: '/' })).body).toContain('first'));
    shown = 'second';
    // Within the 10 s a request alone waits between checks, the page still shows what it was rendered from.
    expect((await app.inject({ url: '/' })).body).toContain('first');
    app.catalog.invalidate(); // as a model's change (here or on another instance) drops it
    await vi.waitFor(async () => expect((await app.inject({ url: '/' })).body).toContain('second'), {
      timeout: 5000,
    });
  });

  it('renders every page from one answer, so a change landing mid-render is caught by the next check', async () => {
    await vi.waitFor(async () => expect((await app.inject({ url: '/' })).body).toContain('second'));
    const pages = ['/', '/catalog'].flatMap((url) =>
      ['en', 'es'].map((language) => () => app.inject({ url, headers: { 'accept-language': language } })),
    );
    // The check after the drop asks once (answers 'third' ≠ 'second'); the render asks next, and right after that
    // answer the owner changes it again, which drops the catalog while the render is still running.
    let answered = 0;
    afterAnswer = () => {
      answered += 1;
      if (answered !== 2) return;
      shown = 'fourth';
      app.catalog.invalidate();
    };
    try {
      shown = 'third';
      app.catalog.invalidate();
      await vi.waitFor(
        async () => {
          for (const page of pages) expect((await page()).body).toContain('fourth');
        },
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      afterAnswer = undefined;
    }
  });
});

describe('cookieValue', () => {
  it.each([
    [undefined, undefined],
    ['lang=es', 'es'],
    ['a=1; lang=en; b=2', 'en'],
    ['xlang=es', undefined],
    ['lang=', ''],
  ])('%j → %j', (header, expected) => {
    expect(cookieValue(header, 'lang')).toBe(expected);
  });
});
