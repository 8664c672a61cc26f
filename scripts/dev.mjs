// `npm run dev`: Vite with hot reload on PORT (5000), the site's address, which proxies /api to the API server with
// reload (tsx watch) on API_PORT (5001). The API server's start-up line names Vite's address (DEV_SITE_PORT).
//
// Stopping: each child is Node itself (no npx, npm or shell between), in this process's group. Ctrl-C in the
// terminal sends SIGINT to the whole group: every child gets it once, tsx relays it to the server, and this script
// waits for them. A second signal would make tsx kill the server outright, so on SIGINT the children are sent
// SIGTERM only if they are still running INT_GRACE_MS later (a SIGINT sent to this process alone). SIGTERM, which
// reaches this process alone, is passed on to each child once, the way the terminal's SIGINT is.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout } from 'node:timers';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.PORT ?? '5000';
const apiPort = process.env.API_PORT ?? '5001';
/** Longer than tsx takes to stop the server (it kills it after 5 s) and exit. */
const INT_GRACE_MS = 8_000;
/** After SIGTERM, a child still running this much later is killed. */
const KILL_AFTER_MS = 20_000;

/** A package's command-line script, run with this Node rather than through npx (whose npm and shell would stay). */
function binOf(name) {
  const require = createRequire(path.join(root, 'package.json'));
  const manifestPath = require.resolve(`${name}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return path.join(path.dirname(manifestPath), typeof bin === 'string' ? bin : bin[name]);
}

const run = (name, args, env) =>
  spawn(process.execPath, [binOf(name), ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });

const children = [
  run('tsx', ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    PORT: apiPort,
    HOST: '127.0.0.1',
    DEV_SITE_PORT: port,
  }),
  // --strictPort: on a busy PORT Vite stops rather than moving to another port than the one the API server names.
  run('vite', ['--strictPort'], { PORT: port, API_PORT: apiPort }),
];
const running = new Set(children);

let stopping = false;
let exitCode = 0;

function signalRunning(signal) {
  for (const child of running) child.kill(signal);
}

function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (signal === 'SIGINT') {
    setTimeout(() => signalRunning('SIGTERM'), INT_GRACE_MS).unref();
  } else {
    signalRunning('SIGTERM');
  }
  setTimeout(() => signalRunning('SIGKILL'), INT_GRACE_MS + KILL_AFTER_MS).unref();
}

process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

for (const child of children) {
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (!stopping) {
      // A child ended by itself (a crash, Vite's port taken, its `q` key), or by the terminal's Ctrl-C noticed
      // before this process's own SIGINT: the other one stops too.
      exitCode = signal === 'SIGINT' ? 0 : (code ?? 1);
      stop(signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM');
    }
    if (running.size === 0) process.exit(exitCode);
  });
}
