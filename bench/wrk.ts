/**
 * wrk (a C load generator: `/usr/bin/wrk`, Debian's `wrk` package) for every throughput figure of the benches. A
 * Node generator (autocannon) spends more CPU per request than the servers it drives, on the same 2 cores: it then
 * measures itself, and the app can even look faster than the bare server (issue 32). wrk spends a fraction of that.
 *
 * Each run reports, beside the rate and the latencies (from wrk's own histogram, with `--latency`), the CPU time
 * wrk itself used: requests per CPU-second of wrk, times the threads it may run on at once, is the rate wrk could
 * reach if the server cost nothing (its ceiling). A figure is honest when that is well above the rate measured.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const WRK = process.env.BENCH_WRK ?? '/usr/bin/wrk';

export interface WrkOptions {
  url: string;
  seconds: number;
  connections: number;
  /** wrk's threads (default 2: one per core of the machine the figures come from). */
  threads?: number;
  headers?: Record<string, string>;
  /**
   * Lua for requests that vary (wrk's `request()`, `setup()`...). Must not define `done` nor `response`: this module
   * adds its own `done`, and, with `countStatuses`, its own `response`.
   */
  script?: string;
  /** Count the answers by status class (wrk calls Lua on every answer: slower; for figures of a few hundred/s). */
  countStatuses?: boolean;
}

export interface WrkResult {
  requests: number;
  rps: number;
  /** Latencies in ms, from wrk's histogram of every request. */
  p50: number;
  p99: number;
  max: number;
  /** Answers with a status of 400 or more (what wrk counts itself; 3xx are not counted). */
  badStatus: number;
  /** Answers other than 2xx, when `countStatuses` (else undefined). */
  non2xx: number | undefined;
  /** 2xx answers, when `countStatuses` (else undefined). */
  ok: number | undefined;
  socketErrors: { connect: number; read: number; write: number; timeout: number };
  /** wrk's own CPU time (user + system), ms. */
  cpuMs: number;
  /** requests ÷ wrk's CPU seconds × the CPUs its threads may use: the rate wrk could drive a server costing nothing. */
  ceiling: number;
}

const MARK = '@@wrk-result@@';

/** `done`, run once by wrk after the test: the summary as one JSON line (latencies in µs). */
function doneScript(countStatuses: boolean): string {
  const counting = countStatuses
    ? `
local threads = {}
function setup(thread) table.insert(threads, thread); if __user_setup then __user_setup(thread) end end
ok_count = 0
other_count = 0
function response(status, headers, body)
  if status >= 200 and status < 300 then ok_count = ok_count + 1 else other_count = other_count + 1 end
end`
    : '';
  const sums = countStatuses
    ? `
  local ok, other = 0, 0
  for _, thread in ipairs(threads) do ok = ok + thread:get("ok_count"); other = other + thread:get("other_count") end
  out = out .. string.format(',"ok":%d,"non2xx":%d', ok, other)`
    : '';
  return `${counting}
function done(summary, latency, requests)
  local e = summary.errors
  local out = string.format(
    '{"requests":%d,"duration":%d,"p50":%d,"p99":%d,"max":%d,"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.status, e.connect, e.read, e.write, e.timeout)${sums}
  io.write("${MARK}" .. out .. "}\\n")
end
`;
}

/** The user's script with its `setup` (if any) renamed, so that the status counting can wrap it. */
function userScript(script: string | undefined, countStatuses: boolean): string {
  if (!script) return '';
  return countStatuses ? script.replace(/^function setup\(/m, 'function __user_setup(') : script;
}

/** The CPU time a command's children used, from the shell's `times` (its second line: children's user and sys). */
function childCpuMs(times: string): number {
  const lines = times.trim().split('\n');
  const values = [...(lines.at(-1) ?? '').matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return (values.reduce((sum, seconds) => sum + seconds, 0) || 0) * 1000;
}

/** Runs wrk once and returns its figures; throws if wrk fails or prints no summary. */
export async function wrk(options: WrkOptions): Promise<WrkResult> {
  const threads = options.threads ?? 2;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coolrent-wrk-'));
  const scriptFile = path.join(dir, 'bench.lua');
  const countStatuses = options.countStatuses ?? false;
  writeFileSync(scriptFile, userScript(options.script, countStatuses) + doneScript(countStatuses));
  const args = [
    '--latency',
    `-t${threads}`,
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--timeout',
    '10s',
    '-s',
    scriptFile,
    ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    options.url,
  ];
  try {
    // Through a shell whose `times` reports wrk's CPU time once it has exited.
    const child = spawn('sh', ['-c', '"$@"; status=$?; echo @@times@@; times; exit $status', 'sh', WRK, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const line = stdout.split('\n').find((l) => l.startsWith(MARK));
    if (code !== 0 || !line) throw new Error(`wrk failed (${code}): ${stderr.trim() || stdout.trim()}`);
    const raw = JSON.parse(line.slice(MARK.length)) as Record<string, number>;
    const cpuMs = childCpuMs(stdout.slice(stdout.indexOf('@@times@@')));
    const seconds = raw.duration! / 1e6;
    const parallel = Math.min(threads, os.cpus().length);
    return {
      requests: raw.requests!,
      rps: raw.requests! / seconds,
      p50: raw.p50! / 1000,
      p99: raw.p99! / 1000,
      max: raw.max! / 1000,
      badStatus: raw.status!,
      non2xx: raw.non2xx,
      ok: raw.ok,
      socketErrors: { connect: raw.connect!, read: raw.read!, write: raw.write!, timeout: raw.timeout! },
      cpuMs,
      ceiling: cpuMs > 0 ? (raw.requests! / (cpuMs / 1000)) * parallel : Infinity,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Requests that failed in any way: a socket error, a status of 400 or more, or (when counted) any non-2xx. */
export function failures(result: WrkResult): number {
  const { connect, read, write, timeout } = result.socketErrors;
  return connect + read + write + timeout + (result.non2xx ?? result.badStatus);
}

/** A Lua string literal. */
export const lua = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
