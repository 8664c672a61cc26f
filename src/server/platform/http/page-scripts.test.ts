import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { deferModuleScripts, PAGE_SCRIPT_LOADER, PAGE_SCRIPT_LOADER_CSP } from './page-scripts';
import { registerSecurityHeaders } from './security-headers';

// The index as Vite writes it (module script and preloads in <head>), after the stylesheet was inlined.
const builtIndex = `<!doctype html>
<html lang="en">
  <head>
    <title>CoolRent</title>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-b2.js">
    <link rel="modulepreload" crossorigin href="/assets/start-c3.js">
    <style>body{margin:0}</style>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** Runs the loader in a page whose root has (or has not) the server's markup; returns what it appended and when. */
function runLoader(page: { rendered: boolean; visibility?: string; paintTiming?: boolean; pagePreload?: string }) {
  const appended: string[] = [];
  let paintCallback: ((list: { getEntries(): { name: string }[] }) => void) | undefined;
  const timers: { callback: () => void; delay: number }[] = [];
  const element = (tag: string) => ({ tag, dataset: {} as Record<string, string> }) as Record<string, unknown>;
  const document = {
    currentScript: {
      dataset: {
        entry: '/assets/index-a1.js',
        preload: '/assets/runtime-b2.js /assets/start-c3.js',
        ...(page.pagePreload ? { pagePreload: page.pagePreload } : {}),
      },
    },
    visibilityState: page.visibility ?? 'visible',
    getElementById: (id: string) => (id === 'root' ? { hasChildNodes: () => page.rendered } : null),
    createElement: element,
    head: {
      appendChild: (node: Record<string, unknown>) =>
        appended.push(
          node.tag === 'link' ? `${String(node.rel)} ${String(node.href)}` : `${String(node.type)} ${String(node.src)}`,
        ),
    },
  };
  class PerformanceObserver {
    static supportedEntryTypes = page.paintTiming === false ? ['resource'] : ['paint', 'resource'];
    constructor(callback: typeof paintCallback) {
      paintCallback = callback;
    }
    observe() {}
  }
  const window = { PerformanceObserver };
  const setTimeout = (callback: () => void, delay = 0) => {
    timers.push({ callback, delay });
  };
  runInNewContext(PAGE_SCRIPT_LOADER, { document, window, setTimeout, PerformanceObserver });
  const paint = (name: string) => paintCallback?.({ getEntries: () => [{ name }] });
  /** Runs the next task the loader asked for with `delay` (the fallback's 3 s, or 0 for its next step). */
  const runTimer = (delay: number) => {
    const index = timers.findIndex((timer) => timer.delay === delay);
    if (index >= 0) timers.splice(index, 1)[0]!.callback();
    return index >= 0;
  };
  return { appended, paint, timeout: () => runTimer(3000), nextTask: () => runTimer(0) };
}

const loaded = [
  'modulepreload /assets/runtime-b2.js',
  'modulepreload /assets/start-c3.js',
  'module /assets/index-a1.js',
];

describe('the page script loader (ADR 027, scripts after the first paint)', () => {
  it('moves the module script and preloads out of <head> into the loader at the end of <body>', () => {
    const page = deferModuleScripts(builtIndex);
    expect(page).not.toContain('<script type="module"');
    expect(page).not.toContain('<link rel="modulepreload"');
    expect(page).toContain('<style>body{margin:0}</style>');
    expect(page).toContain(
      `<div id="root"></div>\n  <script data-entry="/assets/index-a1.js" data-preload="/assets/runtime-b2.js /assets/start-c3.js">${PAGE_SCRIPT_LOADER}</script></body>`,
    );
    expect(() => deferModuleScripts('<html><body></body></html>')).toThrow('0 module scripts');
  });

  it('asks for the scripts only once the page the server rendered has been painted', () => {
    const page = runLoader({ rendered: true });
    expect(page.appended).toEqual([]);
    page.paint('first-paint');
    expect(page.appended).toEqual([]);
    page.paint('first-contentful-paint');
    expect(page.appended).toEqual(loaded);
    page.timeout();
    page.paint('first-contentful-paint');
    expect(page.appended).toEqual(loaded);
  });

  it('asks for them at once when there is nothing to paint first, in a hidden tab, or without paint timing', () => {
    expect(runLoader({ rendered: false }).appended).toEqual(loaded);
    expect(runLoader({ rendered: true, visibility: 'hidden' }).appended).toEqual(loaded);
    expect(runLoader({ rendered: true, paintTiming: false }).appended).toEqual(loaded);
  });

  it('asks for a prerendered page’s own chunks after the entry, four per task', () => {
    const chunks = Array.from({ length: 10 }, (_, index) => `/assets/page-${index}.js`);
    const page = runLoader({ rendered: true, pagePreload: chunks.join(' ') });
    page.paint('first-contentful-paint');
    expect(page.appended).toEqual(loaded);
    const tasks: string[][] = [];
    while (page.nextTask()) tasks.push(page.appended.splice(loaded.length));
    expect(tasks).toEqual(
      [chunks.slice(0, 4), chunks.slice(4, 8), chunks.slice(8)].map((batch) =>
        batch.map((chunk) => `modulepreload ${chunk}`),
      ),
    );
  });

  it('asks for them after 3 s when no paint is reported', () => {
    const page = runLoader({ rendered: true });
    page.timeout();
    expect(page.appended).toEqual(loaded);
  });

  it('is the one inline script the pages’ Content-Security-Policy allows, by its hash', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { production: false });
    app.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').send(deferModuleScripts(builtIndex)));
    const response = await app.inject({ method: 'GET', url: '/' });
    const scriptSrc = String(response.headers['content-security-policy'])
      .split('; ')
      .find((directive) => directive.startsWith('script-src '));
    const inline = response.body.match(/<script data-entry[^>]*>([\s\S]*?)<\/script>/)![1]!;
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    expect(hash).toBe(PAGE_SCRIPT_LOADER_CSP);
    expect(scriptSrc).toBe(`script-src 'self' ${hash}`);
    await app.close();
  });
});
