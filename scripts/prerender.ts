// After `vite build` (npm run build): renders the public pages to HTML in every language (ADR 027).
//   1. builds src/web/entry-server.tsx for Node (Vite SSR build, into dist/ssr: never served);
//   2. starts the API in this process on an in-memory database holding the reference data every environment opens
//      with, so the pages' queries read what a fresh site answers (stock is never baked in: it is read live);
//   3. renders each page and language, and writes dist/web/prerendered/<locale>/<page>.html with a manifest;
//   4. inlines the stylesheet into those pages and the SPA's index (one less render-blocking request).
// scripts/finish-web-build.ts then writes their brotli and gzip copies like every asset's.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import type * as EntryServer from '../src/web/entry-server';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openPglite } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { ensureReferenceData } from '@/server/db/reference-data';
import { createAppDeps } from '@/server/deps';
import { PRERENDER_DIR, PRERENDER_MANIFEST, prerenderedFile, type PrerenderManifest } from '@/server/http/prerendered';
import { fillTemplate, inlineStylesheets } from '@/server/http/prerender-template';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'dist/web');
const ssrDir = path.join(root, 'dist/ssr');
const started = Date.now();

await build({
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: path.join(root, 'src/web/entry-server.tsx'),
    outDir: ssrDir,
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: { output: { entryFileNames: 'entry-server.js' } },
  },
});
const entry = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as typeof EntryServer;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coolrent-prerender-'));
// The build's environment (its BUSINESS_PHONE…), on an in-memory database of its own.
const { DATABASE_URL: _unused, ...env } = process.env;
const config = loadConfig({ ...env, NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const database = await openPglite({});
await runMigrations(database);
await ensureReferenceData(database.db);
const app = await buildApp({ deps: createAppDeps(config, database), logger: false });
await app.ready();

// The pages' fetchers call the API by path, as in the browser: those requests go to the app in this process.
const networkFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!url.startsWith('/')) return networkFetch(input, init);
  const response = await app.inject({ method: (init?.method ?? 'GET') as 'GET', url });
  return new Response(new Uint8Array(response.rawPayload), {
    status: response.statusCode,
    headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
  });
};

try {
  const template = inlineStylesheets(readFileSync(path.join(webDir, 'index.html'), 'utf8'), webDir);
  writeFileSync(path.join(webDir, 'index.html'), template);
  const manifest: PrerenderManifest = { locales: [...entry.LOCALES], paths: [...entry.prerenderedPaths] };
  for (const locale of entry.LOCALES) {
    mkdirSync(path.join(webDir, PRERENDER_DIR, locale), { recursive: true });
    for (const pagePath of entry.prerenderedPaths) {
      const page = await entry.renderPage(pagePath, locale);
      const html = fillTemplate(template, { ...page, locale, stateId: entry.PRERENDER_STATE_ID });
      writeFileSync(path.join(webDir, prerenderedFile(locale, pagePath)), html);
    }
  }
  writeFileSync(path.join(webDir, PRERENDER_DIR, PRERENDER_MANIFEST), JSON.stringify(manifest));
  const count = manifest.locales.length * manifest.paths.length;
  console.log(
    `prerender: ${count} pages (${manifest.locales.join(', ')}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  globalThis.fetch = networkFetch;
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
