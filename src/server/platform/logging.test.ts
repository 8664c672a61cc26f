import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import Fastify, { LogController } from 'fastify';
import { createPrettyPrinter, loggerOptions, registerRequestLog } from './logging';
import { productionEnv } from '@tests/support/production-env';

const time = new Date(2026, 5, 1, 12, 4, 5).getTime();
const line = (entry: Record<string, unknown>) => JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', ...entry });

describe('development logs', () => {
  it('show a request as one readable line: method, path, status and time', () => {
    const pretty = createPrettyPrinter();
    expect(
      pretty(line({ reqId: 'req-1', req: { method: 'GET', url: '/api/unit-models' }, msg: 'incoming request' })),
    ).toBeUndefined();
    expect(
      pretty(line({ reqId: 'req-1', res: { statusCode: 200 }, responseTime: 3.2, msg: 'request completed' })),
    ).toBe('12:04:05 INFO  GET /api/unit-models 200 3 ms');
  });

  it('show a request logged once, at its completion, as the same line', () => {
    const pretty = createPrettyPrinter();
    expect(
      pretty(
        line({
          reqId: 'req-2',
          req: { method: 'GET', url: '/catalog' },
          res: { statusCode: 200 },
          responseTime: 1.4,
          msg: 'request completed',
        }),
      ),
    ).toBe('12:04:05 INFO  GET /catalog 200 1 ms');
  });

  it('show extra fields as key=value and an error with its stack', () => {
    const pretty = createPrettyPrinter();
    expect(pretty(line({ level: 40, msg: 'slow start', signal: 'SIGTERM' }))).toBe(
      '12:04:05 WARN  slow start  signal=SIGTERM',
    );
    const error = pretty(line({ level: 50, msg: 'boom', err: { stack: 'Error: boom\n    at x' } }));
    expect(error).toBe('12:04:05 ERROR boom\nError: boom\n    at x');
  });

  it('are JSON in production and readable elsewhere', () => {
    expect(loggerOptions(loadConfig(productionEnv))).not.toHaveProperty('stream');
    expect(loggerOptions(loadConfig({}))).toHaveProperty('stream');
  });
});

describe('the request log', () => {
  async function logged(production: boolean, level = 'info') {
    const lines: Array<{ level: number; req?: { method: string; url: string }; res?: { statusCode: number } }> = [];
    const app = Fastify({
      logger: { level, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
      logController: new LogController({ disableRequestLogging: true }),
    });
    registerRequestLog(app, { production });
    app.get('/api/unit-models', async () => ({ ok: true }));
    app.get('/api/missing', async (_request, reply) => reply.status(404).send({ message: 'Not found' }));
    app.post('/api/checkout/create-session', async () => ({ ok: true }));
    app.get('/assets/index-abc.js', async () => 'x');
    for (const [method, url] of [
      ['GET', '/api/unit-models'],
      ['GET', '/api/missing'],
      ['POST', '/api/checkout/create-session'],
      ['GET', '/assets/index-abc.js'],
    ] as const) {
      await app.inject({ method, url });
    }
    await app.close();
    return lines
      .filter((line) => line.req)
      .map((line) => `${line.level} ${line.req!.method} ${line.req!.url} ${line.res!.statusCode}`);
  }

  it('in production shows writes and failures at info, successful reads only at debug, static files never', async () => {
    expect(await logged(true)).toEqual(['30 GET /api/missing 404', '30 POST /api/checkout/create-session 200']);
    expect(await logged(true, 'debug')).toEqual([
      '20 GET /api/unit-models 200',
      '30 GET /api/missing 404',
      '30 POST /api/checkout/create-session 200',
    ]);
  });

  it('outside production shows every request but static files', async () => {
    expect(await logged(false)).toEqual([
      '30 GET /api/unit-models 200',
      '30 GET /api/missing 404',
      '30 POST /api/checkout/create-session 200',
    ]);
  });
});
