import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** The parts of a Sentry error event the tests read. */
export interface ReceivedEvent {
  exception?: { values?: Array<{ type?: string; value?: string }> };
  tags?: Record<string, string>;
  environment?: string;
  release?: string;
  request?: unknown;
}

export interface SentrySink {
  /** A DSN pointing at this server: project 1, public key `publickey`. */
  dsn: string;
  /** Every request received: its path, and the public key it authenticated with (query or X-Sentry-Auth). */
  requests: Array<{ path: string; key: string | null }>;
  events: ReceivedEvent[];
  close(): Promise<void>;
}

/**
 * A local HTTP server posing as Sentry's ingest endpoint: it takes envelopes as Sentry does (POST
 * /api/<project>/envelope/, newline-separated JSON: the envelope header, then each item's header and payload,
 * gzipped when large) and keeps each error event. The error-reporting adapter's test peer.
 */
export async function startSentrySink(): Promise<SentrySink> {
  const requests: SentrySink['requests'] = [];
  const events: ReceivedEvent[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://sink');
      const auth = String(request.headers['x-sentry-auth'] ?? '');
      const key = url.searchParams.get('sentry_key') ?? /sentry_key=(\w+)/.exec(auth)?.[1] ?? null;
      requests.push({ path: url.pathname, key });
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const lines = body.toString('utf8').split('\n');
      // After the envelope's header: an item header, then its payload.
      for (let line = 1; line + 1 < lines.length; line += 2) {
        const item = JSON.parse(lines[line]!) as { type?: string };
        if (item.type === 'event') events.push(JSON.parse(lines[line + 1]!) as ReceivedEvent);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    requests,
    events,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
