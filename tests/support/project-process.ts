import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const projectRoot = path.resolve(import.meta.dirname, '../..');

export interface ProjectProcess {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  exited: Promise<number>;
}

/**
 * A TypeScript entry point of the project (`src/server/main.ts`, `scripts/db-backup.ts`) run as its npm script runs
 * it (tsx), in its own process; `env` is added to this process's environment. stdin is closed: no terminal. `cwd`
 * other than the project's shows which `.env` a start reads.
 */
export function spawnProjectScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  cwd = projectRoot,
): ProjectProcess {
  const child = spawn(
    process.execPath,
    ['--import', path.join(projectRoot, 'node_modules/tsx/dist/loader.mjs'), path.join(projectRoot, script), ...args],
    {
      cwd,
      env: { ...process.env, TSX_TSCONFIG_PATH: path.join(projectRoot, 'tsconfig.json'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  return { child, output: () => output, exited };
}

/** Runs a project script to its end: its exit code and everything it printed. */
export async function runProjectScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; output: string }> {
  const run = spawnProjectScript(script, args, env);
  const code = await run.exited;
  return { code, output: run.output() };
}
