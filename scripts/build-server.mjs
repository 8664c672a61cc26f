// Bundles the server into dist/server/main.js (dependencies stay in node_modules) and stamps the build.
import { writeFileSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
writeFileSync('dist/.build-stamp', new Date().toISOString());
