// After `vite build` (npm run build), before finish-web-build: the public pages' renderer (ADR 027).
//   1. builds src/web/entry-server.tsx for Node into dist/ssr (never served): the server renders the public pages
//      with it at start-up from its own data (src/server/platform/http/prerendered.ts);
//   2. writes the stylesheet into the SPA's index (dist/web/index.html), the template of every page, so the first
//      paint waits for no second request, and moves its module scripts behind the first paint (page-scripts.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
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
    rollupOptions: { output: { entryFileNames: 'entry-server.js' } },
  },
});

const indexFile = path.join(webDir, 'index.html');
const index = readFileSync(indexFile, 'utf8');
const inlined = deferModuleScripts(inlineStylesheets(index, webDir));
writeFileSync(indexFile, inlined);
console.log(
  `page renderer: dist/ssr/entry-server.js; stylesheet inlined into index.html, module scripts after the first paint (${(index.length / 1024).toFixed(1)} → ${(inlined.length / 1024).toFixed(1)} kB)`,
);
