import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createPrettyPrinter, loggerOptions } from './logging';
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
