import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { PageRenderer } from './page-renderer';
import { registerWebApp } from './web';

// The public pages' render when the app closes under it (ADR 027): a shutdown, or a listen that failed because the
// port is in use. Whatever the render was doing then, nothing is logged as an error.
const phone = '(714) 555-0100';
const renderer: PageRenderer = {
  LOCALES: ['en', 'es'],
  prerenderedPaths: ['/', '/catalog'],
  PRERENDER_STATE_ID: 'prerender-state',
  async renderPage(pagePath, locale, fetcher) {
    const info = (await (await fetcher('/api/site-info', { method: 'GET' })).json()) as { phone: string };
    return { html: `<h1>${locale} ${pagePath}</h1><p>${info.phone}</p>`, title: pagePath, state: { queries: [] } };
  },
};

/**
 * An app whose page data (/api/site-info) answers only once `release` is called, with the built index `indexHtml`
 * in a web root of its own, and every error it logs kept in `logged`.
 */
function appWithSlowInfo(indexHtml: string) {
  const root = mkdtempSync(path.join(tmpdir(), 'web-root-'));
  writeFileSync(path.join(root, 'index.html'), indexHtml);
  const logged: string[] = [];
  const app = Fastify();
  vi.spyOn(app.log, 'error').mockImplementation((...args: unknown[]) => void logged.push(JSON.stringify(args)));
  let release: () => void = () => {};
  const slowInfo = new Promise<void>((resolve) => (release = resolve));
  app.get('/api/site-info', async () => {
    await slowInfo;
    return { phone };
  });
  return { app, root, logged, release: () => release() };
}

describe('closing while the first render runs (a shutdown, or a listen that failed)', () => {
  it('ends the render without an error logged', async () => {
    const { app, root, logged, release } = appWithSlowInfo('<!doctype html><html><head></head><body></body></html>');
    try {
      await registerWebApp(app, root, { renderer });
      await app.ready();
      const closing = app.close();
      release();
      await closing;
      // The render's next request to the closed app fails: quietly, since the app is closing.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(logged).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('stays quiet when the render asks the app between the close’s start and its preClose hooks', async () => {
    const { app, root, logged, release } = appWithSlowInfo(
      '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
    app.get('/api/other', async () => ({}));
    // The page asks a second URL once the first answers: by then the app is closing.
    const twoRequests: PageRenderer = {
      ...renderer,
      async renderPage(pagePath, locale, fetcher) {
        await fetcher('/api/site-info', { method: 'GET' });
        await fetcher('/api/other', { method: 'GET' });
        return { html: '<h1>page</h1>', title: pagePath, state: { queries: [] } };
      },
    };
    // A preClose hook before the pages' own: the app already refuses requests while it runs.
    app.addHook('preClose', async () => {
      release();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    try {
      await registerWebApp(app, root, { renderer: twoRequests });
      await app.ready();
      await app.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(logged).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
