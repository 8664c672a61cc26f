import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLocale, LOCALE_COOKIE, type Locale, parseAcceptLanguage, pickLocale } from '@/i18n/locale';
import { negotiateEncoding } from './compression';

/** Where the build writes the prerendered pages, under the built web app (scripts/prerender.ts, ADR 027). */
export const PRERENDER_DIR = 'prerendered';
export const PRERENDER_MANIFEST = 'manifest.json';

export interface PrerenderManifest {
  locales: string[];
  /** Page routes, e.g. "/" and "/catalog". */
  paths: string[];
}

/** A page's file under the web root: prerendered/<locale>/index.html for "/", prerendered/<locale>/catalog.html… */
export function prerenderedFile(locale: string, pagePath: string): string {
  const name = pagePath === '/' ? 'index' : pagePath.replace(/^\//, '').replaceAll('/', '~');
  return path.join(PRERENDER_DIR, locale, `${name}.html`);
}

interface PageCopy {
  /** The page as written, and its build-time brotli and gzip copies when they were worth writing. */
  identity: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  etag: string;
}

/** The page differs by language (the request's cookie and languages) and by what encodings the client takes. */
export const PRERENDERED_VARY = 'Accept-Encoding, Accept-Language, Cookie';

function readIfExists(file: string): Buffer | undefined {
  return existsSync(file) ? readFileSync(file) : undefined;
}

/** Every prerendered page of a build, in memory (a few hundred kB in all), by path then language. */
export function loadPrerenderedPages(webRoot: string): Map<string, Map<Locale, PageCopy>> {
  const pages = new Map<string, Map<Locale, PageCopy>>();
  const manifestFile = path.join(webRoot, PRERENDER_DIR, PRERENDER_MANIFEST);
  if (!existsSync(manifestFile)) return pages;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PrerenderManifest;
  for (const pagePath of manifest.paths) {
    const byLocale = new Map<Locale, PageCopy>();
    for (const locale of manifest.locales) {
      if (!isLocale(locale)) continue;
      const file = path.join(webRoot, prerenderedFile(locale, pagePath));
      const identity = readFileSync(file);
      const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`;
      byLocale.set(locale, { identity, br: readIfExists(`${file}.br`), gzip: readIfExists(`${file}.gz`), etag });
    }
    pages.set(pagePath, byLocale);
  }
  return pages;
}

/** The `lang` cookie's value, read straight from the header (no cookie plugin needed on this path). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The language a request reads a page in: the remembered choice, else the browser's languages, else English. */
export function requestLocale(request: FastifyRequest): Locale {
  return pickLocale({
    cookie: cookieValue(request.headers.cookie, LOCALE_COOKIE),
    preferences: parseAcceptLanguage(request.headers['accept-language']),
  });
}

function ifNoneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Answers each prerendered path with its page in the request's language, as its build-time brotli or gzip copy
 * when the client takes one; never cached without revalidation (a deploy shows at once), ETag and 304 for a
 * revalidating client; HEAD gets GET's headers.
 */
export function registerPrerenderedPages(app: FastifyInstance, webRoot: string): number {
  const pages = loadPrerenderedPages(webRoot);
  for (const [pagePath, byLocale] of pages) {
    app.route({
      method: ['GET', 'HEAD'],
      url: pagePath,
      handler: (request: FastifyRequest, reply: FastifyReply) => {
        const page = byLocale.get(requestLocale(request)) ?? byLocale.values().next().value!;
        reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', PRERENDERED_VARY)
          .header('etag', page.etag);
        if (ifNoneMatch(request, page.etag)) return reply.status(304).send();
        const encoding = negotiateEncoding(request.headers['accept-encoding']);
        const body = (encoding === 'br' && page.br) || (encoding === 'gzip' && page.gzip) || page.identity;
        if (body !== page.identity) reply.header('content-encoding', encoding);
        reply.header('content-length', body.length);
        return request.method === 'HEAD' ? reply.send() : reply.send(body);
      },
    });
  }
  return pages.size;
}
