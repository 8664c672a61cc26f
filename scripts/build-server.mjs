// Bundles the server and the operator commands into dist/ (dependencies stay in node_modules), copies the
// migrations beside them and stamps the build. What it makes runs with plain `node` after `npm ci --omit=dev`:
//   dist/server/main.js                  the server (`node dist/server/main.js`)
//   dist/server/pglite-worker.js         the embedded database's thread (ADR 041)
//   dist/scripts/<command>.js            db-migrate, db-backup, db-restore, admin-reset-password, check-config
//   dist/drizzle/                        the migrations (found as the nearest drizzle/ above the running file)
// scripts/production-install.sh proves it in CI (docs/operations.md, "A production install").
import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const operatorCommands = ['db-migrate', 'db-backup', 'db-restore', 'admin-reset-password', 'check-config'].filter(
  (name) => existsSync(`scripts/${name}.ts`),
);

rmSync('dist/server', { recursive: true, force: true });
rmSync('dist/scripts', { recursive: true, force: true });
await build({
  entryPoints: [
    { in: 'src/server/main.ts', out: 'server/main' },
    { in: 'src/server/platform/db/pglite-worker.ts', out: 'server/pglite-worker' },
    ...operatorCommands.map((name) => ({ in: `scripts/${name}.ts`, out: `scripts/${name}` })),
  ],
  outdir: 'dist',
  // One copy of the shared code: the commands import the same chunks as the server.
  splitting: true,
  chunkNames: 'server/chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The oldest Node line package.json's engines allow.
  target: 'node22',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
rmSync('dist/drizzle', { recursive: true, force: true });
cpSync('drizzle', 'dist/drizzle', { recursive: true });
writeFileSync('dist/.build-stamp', new Date().toISOString());
