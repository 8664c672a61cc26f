// `npm start` in a source checkout: builds the web app and server when the build is missing or older than the
// sources, then runs it in this process (so SIGTERM reaches the server's graceful shutdown directly). A production
// install has no sources and runs `node dist/server/main.js` itself (docs/operations.md, "A production install").
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stampPath = path.join(root, 'dist/.build-stamp');
const inputs = [
  'src',
  'drizzle',
  'vite.config.ts',
  'package.json',
  // The build scripts, and the operator commands bundled into dist/scripts/.
  'scripts',
];

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const stale =
  !existsSync(stampPath) ||
  !existsSync(path.join(root, 'dist/web/index.html')) ||
  inputs.some((input) => newestMtime(path.join(root, input)) > statSync(stampPath).mtimeMs);

if (stale) {
  console.log('Building the app (first start, or sources changed)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(path.join(root, 'dist/server/main.js'));
