import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
const colours: Record<number, string> = { 40: '\x1b[33m', 50: '\x1b[31m', 60: '\x1b[31m' };
// Fields every pino line has, shown in the line's own place or not at all.
const shown = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime']);

/**
 * Turns pino JSON lines into lines a person reads: `12:04:05 INFO  GET /api/unit-models 200 3 ms`, other fields
 * as `key=value`, an error's stack below. A request's start is held back and shown with its completion.
 */
export function createPrettyPrinter(colour = false): (json: string) => string | undefined {
  const started = new Map<unknown, string>();
  return (json) => {
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(json) as Record<string, unknown>;
    } catch {
      return json.trimEnd();
    }
    const req = entry.req as { method?: string; url?: string } | undefined;
    if (entry.msg === 'incoming request' && req) {
      if (started.size > 10_000) started.clear();
      started.set(entry.reqId, `${req.method} ${req.url}`);
      return undefined;
    }
    let message = String(entry.msg ?? '');
    if (entry.msg === 'request completed') {
      const res = entry.res as { statusCode?: number } | undefined;
      message = `${started.get(entry.reqId) ?? 'request'} ${res?.statusCode ?? ''} ${Math.round(Number(entry.responseTime ?? 0))} ms`;
      started.delete(entry.reqId);
    }
    const level = Number(entry.level);
    const label = levelNames[level] ?? String(level);
    const time = new Date(Number(entry.time)).toTimeString().slice(0, 8);
    const extra = Object.entries(entry)
      .filter(([key]) => !shown.has(key) && key !== 'err')
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
    const head = `${time} ${colour && colours[level] ? `${colours[level]}${label}\x1b[0m` : label} ${message}`;
    const stack = (entry.err as { stack?: string } | undefined)?.stack;
    return [[head, ...extra].join('  '), ...(stack ? [stack] : [])].join('\n');
  };
}

/** JSON lines in production (for a log collector); readable lines on a terminal otherwise. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  const base = { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] };
  if (config.isProduction) return base;
  const pretty = createPrettyPrinter(process.stdout.isTTY === true);
  return {
    ...base,
    stream: {
      write(line: string) {
        const text = pretty(line);
        if (text !== undefined) process.stdout.write(`${text}\n`);
      },
    },
  };
}
