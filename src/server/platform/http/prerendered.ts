import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, type Locale } from '@/contracts/locale';
import { isLocale, LOCALE_COOKIE, matchLocale, parseAcceptLanguage } from '@/i18n/locale';
import { stringMemo } from '@/server/platform/lib/string-memo';
import { negotiateEncoding } from './compression';
import type { PageRenderer } from './page-renderer';
import { fillTemplate } from './prerender-template';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface PageCopy {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** The page differs by language (the cookie `lang`, else Accept-Language) and by the encodings the client takes. */
export const RENDERED_PAGE_VARY = 'Accept-Encoding, Accept-Language, Cookie';

/** How often a request may make the server check whether the data the pages were rendered from has changed. */
const RECHECK_MS = 10_000;

/** The `lang` cookie's value, read straight from the header (no cookie plugin needed on this path). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** Accept-Language values seen, with the language each picks (browsers send a handful, on every page request). */
const acceptedLanguage = stringMemo((header) => matchLocale(parseAcceptLanguage(header)));

/** The language a request reads a page in: the remembered choice, else the browser's languages, else English. */
export function requestLocale(headers: FastifyRequest['headers']): Locale {
  const { cookie } = headers;
  const chosen = cookie?.includes(LOCALE_COOKIE) ? cookieValue(cookie, LOCALE_COOKIE) : undefined;
  if (isLocale(chosen)) return chosen;
  const acceptLanguage = headers['accept-language'];
  return (acceptLanguage && acceptedLanguage(acceptLanguage)) || DEFAULT_LOCALE;
}

export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

async function compressedCopies(html: string): Promise<PageCopy> {
  const identity = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`;
  return { identity, br, gzip: gz, etag };
}

/**
 * The public pages as HTML that already shows them (ADR 027): rendered by the app's own React code in every
 * language when the server starts, from the data this server answers (its unit models, settings, phone), kept in
 * memory with their brotli and gzip copies. A page request at most every 10 s checks, by asking the app the same
 * API requests again (answered from memory), whether that data changed; if it did, the pages are rendered again in
 * the background while the previous ones are served. Stock is never in them: the browser reads it live.
 */
export class RenderedPages {
  private pages = new Map<string, Map<Locale, PageCopy>>();
  /** The API answers the pages were rendered from, by URL. */
  private sources = new Map<string, string>();
  private rendering: Promise<void> | null = null;
  private checkedAt = 0;
  private changeTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly renderer: PageRenderer,
    private readonly template: string,
    private readonly host?: string,
  ) {}

  get paths(): readonly string[] {
    return this.renderer.prerenderedPaths;
  }

  page(pagePath: string, locale: Locale): PageCopy | undefined {
    return this.pages.get(pagePath)?.get(locale);
  }

  /** A path's page in every language, as last rendered (a new map after each render); undefined before the first. */
  copies(pagePath: string): ReadonlyMap<Locale, PageCopy> | undefined {
    return this.pages.get(pagePath);
  }

  /** The first render, while it runs (requests arriving during start-up wait for it rather than get the index). */
  firstRender(): Promise<void> | undefined {
    return this.pages.size === 0 && this.rendering ? this.rendering.catch(() => undefined) : undefined;
  }

  /** True once the app closes: a render still under way then fails quietly (its requests can no longer be answered). */
  get isStopped(): boolean {
    return this.stopped;
  }

  private async get(url: string): Promise<{ status: number; body: string; type: string }> {
    if (this.stopped) throw new Error('the app is closing: the public pages are not rendered');
    const headers = { 'accept-encoding': 'identity', ...(this.host ? { host: this.host } : {}) };
    const response = await this.app.inject({ method: 'GET', url, headers }).catch((error: unknown) => {
      // Fastify refuses requests as soon as a close begins, before its preClose hooks (where stop() is) run: the
      // render was overtaken by the close, which is no failure to report (issue 31, a port already in use).
      if ((error as { code?: string }).code === 'FST_ERR_REOPENED_CLOSE_SERVER') this.stop();
      throw error;
    });
    return { status: response.statusCode, body: response.body, type: String(response.headers['content-type'] ?? '') };
  }

  /** Renders every page in every language; one render at a time (the renderer's language is global). */
  render(): Promise<void> {
    this.rendering ??= this.renderAll().finally(() => {
      this.rendering = null;
    });
    return this.rendering;
  }

  private async renderAll(): Promise<void> {
    const started = performance.now();
    // One answer per URL for the whole render: every page and language is rendered from the same data, and that
    // is the data `sources` remembers. (Asked again for each page, a change landing mid-render left the pages
    // rendered before it stale while `sources` held the newer answer, so no later check saw a difference.)
    const answers = new Map<string, Promise<{ status: number; body: string; type: string }>>();
    const sources = new Map<string, string>();
    const fetcher = async (url: string) => {
      let answer = answers.get(url);
      if (!answer) {
        answer = this.get(url);
        answers.set(url, answer);
      }
      const { status, body, type } = await answer;
      if (status === 200) sources.set(url, body);
      return new Response(body, { status, headers: { 'content-type': type } });
    };
    const pages = new Map<string, Map<Locale, PageCopy>>();
    for (const pagePath of this.renderer.prerenderedPaths) {
      const byLocale = new Map<Locale, PageCopy>();
      const chunks = this.renderer.pageChunks?.[pagePath];
      for (const locale of this.renderer.LOCALES) {
        const page = await this.renderer.renderPage(pagePath, locale, fetcher);
        const html = fillTemplate(this.template, {
          ...page,
          locale,
          stateId: this.renderer.PRERENDER_STATE_ID,
          chunks,
        });
        byLocale.set(locale, await compressedCopies(html));
      }
      pages.set(pagePath, byLocale);
    }
    this.pages = pages;
    this.sources = sources;
    this.checkedAt = performance.now();
    const ms = Math.round(performance.now() - started);
    this.app.log.debug({ pages: pages.size * this.renderer.LOCALES.length, ms }, 'public pages rendered');
  }

  /**
   * What the pages show may have changed (the catalog was dropped: a model added, edited, deactivated or deleted,
   * on any instance): checks within 200 ms, and renders again if it did, rather than at a page request 10 s on.
   * Changes arriving together (every checkout's hold drops the catalog) make one check; a change during a render is
   * checked once it is done.
   */
  changed(): void {
    if (this.changeTimer || this.stopped) return;
    this.changeTimer = setTimeout(() => {
      this.changeTimer = null;
      if (this.stopped) return;
      if (this.rendering) {
        void this.rendering.then(
          () => this.changed(),
          () => this.changed(),
        );
        return;
      }
      this.recheck(performance.now(), true);
    }, 200);
    this.changeTimer.unref();
  }

  /** No more checks (the app is closing: it can no longer answer the pages' API requests). */
  stop(): void {
    this.stopped = true;
    if (this.changeTimer) clearTimeout(this.changeTimer);
    this.changeTimer = null;
  }

  /** At most every 10 s: renders again, in the background, when an answer the pages were rendered from changed. */
  recheck(now = performance.now(), force = false): void {
    if (this.rendering || (!force && now - this.checkedAt < RECHECK_MS)) return;
    this.checkedAt = now;
    void (async () => {
      for (const [url, body] of this.sources) {
        if ((await this.get(url)).body !== body) return this.render();
      }
    })().catch((error: unknown) => {
      if (!this.stopped) this.app.log.error({ err: error }, 'rendering the public pages again failed');
    });
  }
}

/**
 * Answers each rendered path with its page in the request's language, as its brotli or gzip copy when the client
 * takes one; never cached without revalidation (a deploy or a change shows at once), ETag and 304 for a
 * revalidating client; HEAD gets GET's headers. Until the first render is done, `fallback` answers (the SPA index).
 */
export function registerRenderedPages(
  app: FastifyInstance,
  pages: RenderedPages,
  fallback: (request: FastifyRequest, reply: FastifyReply) => FastifyReply,
): void {
  for (const pagePath of pages.paths) {
    app.route({
      method: ['GET', 'HEAD'],
      url: pagePath,
      handler: async (request, reply) => {
        await pages.firstRender();
        const page = pages.page(pagePath, requestLocale(request.headers));
        if (!page) return fallback(request, reply);
        pages.recheck();
        reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', RENDERED_PAGE_VARY)
          .header('etag', page.etag);
        if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
        const encoding = negotiateEncoding(request.headers['accept-encoding']);
        const body = encoding ? page[encoding] : page.identity;
        if (encoding) reply.header('content-encoding', encoding);
        reply.header('content-length', body.length);
        return request.method === 'HEAD' ? reply.send() : reply.send(body);
      },
    });
  }
  // After start-up (the API routes answer by then); a failed render leaves the SPA index answering.
  app.addHook('onReady', (done) => {
    // Not awaited: the render asks the app itself, which answers once ready.
    pages.render().catch((error: unknown) => {
      if (!pages.isStopped) app.log.error({ err: error }, 'rendering the public pages failed');
    });
    done();
  });
  // A close (a shutdown, or a listen that failed) while the first render runs ends it without an error logged.
  app.addHook('preClose', (done) => {
    pages.stop();
    done();
  });
}
