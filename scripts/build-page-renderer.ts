// After `vite build` (npm run build), before finish-web-build: the public pages' renderer (ADR 027).
//   1. builds src/web/entry-server.tsx for Node into dist/ssr (never served): the server renders the public pages
//      with it at start-up from its own data (src/server/platform/http/prerendered.ts);
//   2. writes the stylesheet into the SPA's index (dist/web/index.html), the template of every page, so the first
//      paint waits for no second request, and moves its module scripts behind the first paint (page-scripts.ts);
//   3. writes each prerendered page's own chunks (dist/ssr/page-chunks.json, page-chunks.ts) from Vite's manifest,
//      which it then takes out of the served folder.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { lazyPageModules, pageChunksFile, pageChunksFrom } from '@/server/platform/http/page-chunks';
import { deferModuleScripts } from '@/server/platform/http/page-scripts';
import { inlineStylesheets } from '@/server/platform/http/prerender-template';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'dist/web');

await build({
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: path.join(root, 'src/web/entry-server.tsx'),
    outDir: path.join(root, 'dist/ssr'),
    emptyOutDir: true,
    sourcemap: false,
    manifest: false,
    rollupOptions: { output: { entryFileNames: 'entry-server.js' } },
  },
});

const ssrDir = path.join(root, 'dist/ssr');
const manifestDir = path.join(webDir, '.vite');
const manifest = JSON.parse(readFileSync(path.join(manifestDir, 'manifest.json'), 'utf8')) as Parameters<
  typeof pageChunksFrom
>[0];
const renderer = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as {
  prerenderedPaths: readonly string[];
};
const routes = lazyPageModules(readFileSync(path.join(root, 'src/web/app/routes.tsx'), 'utf8'));
writeFileSync(pageChunksFile(ssrDir), JSON.stringify(pageChunksFrom(manifest, routes, renderer.prerenderedPaths)));
rmSync(manifestDir, { recursive: true });

const indexFile = path.join(webDir, 'index.html');
const index = readFileSync(indexFile, 'utf8');
const inlined = deferModuleScripts(inlineStylesheets(index, webDir));
writeFileSync(indexFile, inlined);
console.log(
  `page renderer: dist/ssr/entry-server.js; stylesheet inlined into index.html, module scripts after the first paint (${(index.length / 1024).toFixed(1)} → ${(inlined.length / 1024).toFixed(1)} kB)`,
);
