import type { FastifyInstance, FastifyServerOptions } from 'fastify';
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
      const line = req ? `${req.method} ${req.url}` : started.get(entry.reqId);
      message = `${line ?? 'request'} ${res?.statusCode ?? ''} ${Math.round(Number(entry.responseTime ?? 0))} ms`;
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

/** Hashed, immutable build files and the few public files beside them: answered by @fastify/static, never logged. */
const STATIC_FILE = /^\/(assets\/|[^/?]+\.(?:ico|png|svg|webmanifest|txt|xml|js|css|woff2?)(?:\?|$))/;

/** A read slower than this is logged at info in production, like a failure: it is worth someone's attention. */
export const SLOW_REQUEST_MS = 1000;

/**
 * One line per request, written when it completes (Fastify's own pair, "incoming request" then "request completed",
 * is turned off: it cost two serialised lines a request). Static files are not logged: a page load fetches a dozen
 * and they say nothing about the app; a failure on one still reaches the error handler's log.
 *
 * In production a successful read (GET or HEAD answered below 400 within SLOW_REQUEST_MS) is logged at debug, so
 * at the default level only writes, failures and slow reads are: the catalog, pages and the portal are the hot
 * paths, where the line cost an eighth of the CPU a request takes (docs/perf/). The reverse proxy in front keeps
 * the access log; LOG_LEVEL=debug brings the reads back. Outside production every request is shown.
 */
export function registerRequestLog(app: FastifyInstance, options: { production: boolean }): void {
  const quietReads = options.production;
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    if (status < 400 && STATIC_FILE.test(request.url)) return done();
    const quiet =
      quietReads &&
      status < 400 &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      reply.elapsedTime < SLOW_REQUEST_MS;
    if (quiet && request.log.level !== 'debug' && request.log.level !== 'trace') return done();
    const entry = {
      req: { method: request.method, url: request.url },
      res: { statusCode: status },
      responseTime: reply.elapsedTime,
    };
    if (quiet) request.log.debug(entry, 'request completed');
    else request.log.info(entry, 'request completed');
    done();
  });
}
