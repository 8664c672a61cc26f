import http, { type IncomingMessage, type OutgoingHttpHeader, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import { REQUEST_ID_HEADER } from './request-id';

/**
 * A GET route whose answer is a function of a snapshot kept in memory and of a few request headers only. `variant`
 * names the answer a request gets (304 or not, which encoding); `request` is a request that gets that same answer.
 */
export interface FastLaneRoute<Snapshot extends object> {
  path: string;
  /** The snapshot now, when it is in memory; undefined sends the request through Fastify (which loads it). */
  snapshot(): Snapshot | undefined;
  /**
   * One of a few strings made once (a literal, or a table's entry), never a new one per request: the lane looks the
   * answer up by it, and a string made once is hashed once.
   */
  variant(headers: IncomingMessage['headers'], snapshot: Snapshot): string;
  /** Headers of a request answered as `variant` (If-None-Match, Accept-Encoding), besides Host. */
  requestHeaders(variant: string, snapshot: Snapshot): Record<string, string>;
}

/** The options Fastify applies to the server it makes (defaults filled in by Fastify). */
interface ServerTimeouts {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

interface Recorded {
  status: number;
  /**
   * Fastify's headers as writeHead's flat list (name, value, name, value...), ending with X-Request-Id's value slot,
   * which each replay fills in just before writeHead reads the list (synchronously: nothing runs in between).
   */
  headers: OutgoingHttpHeader[];
  body: Buffer;
}

/** A route's recorded answers for one snapshot, by variant, GET's and HEAD's apart. */
interface RecordedAnswers {
  snapshot: object;
  GET: Map<string, Recorded>;
  HEAD: Map<string, Recorded>;
}

/** Headers Node's server writes itself on every answer (the same for both paths), and the recording's own id. */
const NOT_REPLAYED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', REQUEST_ID_HEADER]);

/**
 * Answers a few hot reads (the catalog: ADR 024 addendum) before Fastify, by replaying the answer Fastify itself
 * gave for the same snapshot and variant: app.inject records it once per snapshot and variant, with every hook's
 * headers (security headers, ETag, Vary, content type and length), and later requests get those bytes without
 * routing, hooks or a logger child, which cost twice what the socket write does on a small JSON body (docs/perf/).
 *
 * Only a request Fastify would answer the same way is replayed: GET or HEAD on the exact path (no query string),
 * no body, on the canonical host (no X-Forwarded-Host), while the app is not closing, in production with reads not
 * logged (elsewhere every request is shown: logging.ts). Everything else, and the first request of each variant,
 * goes through Fastify. tests/api/fast-lane.test.ts compares both paths' answers header by header. Each replay
 * gets its own X-Request-Id and, when metrics are kept, is counted under its route as Fastify's answers are.
 */
export class FastLane {
  private readonly routes = new Map<string, FastLaneRoute<object>>();
  private readonly recorded = new Map<FastLaneRoute<object>, RecordedAnswers>();
  private readonly recording = new Set<string>();
  private app: FastifyInstance | undefined;
  private open = false;
  /** Requests answered here rather than by Fastify (the parity test checks it moves). */
  replayed = 0;

  constructor(
    private readonly options: {
      /** The canonical host (PUBLIC_URL's); requests on any other go through Fastify (canonical-origin.ts). */
      host: string;
      enabled: boolean;
      /** Each answer's X-Request-Id, as Fastify's genReqId makes it (request-id.ts). */
      requestId: (request: IncomingMessage) => string;
      /** Counts a replayed answer (the request metrics), when they are kept. */
      countAnswer?: ((method: string, route: string, status: number, seconds: number) => void) | undefined;
    },
  ) {}

  add<Snapshot extends object>(route: FastLaneRoute<Snapshot>): void {
    this.routes.set(route.path, route as unknown as FastLaneRoute<object>);
  }

  /** Starts replaying once the app is ready; stops when it starts closing (Fastify answers 503 then). */
  attach(app: FastifyInstance): void {
    this.app = app;
    app.decorate('fastLane', this as FastLane);
    app.addHook('onReady', (done) => {
      this.open = this.options.enabled;
      done();
    });
    app.addHook('preClose', (done) => {
      this.open = false;
      done();
    });
  }

  /** Fastify's serverFactory: Node's HTTP server as Fastify makes it, with this lane in front of Fastify's handler. */
  readonly serverFactory: FastifyServerFactory = (handler, fastifyOptions) => {
    const options = fastifyOptions as ServerTimeouts;
    const server = http.createServer((request, response) => {
      if (!this.answer(request, response)) handler(request, response);
    });
    // What Fastify sets on the server it makes itself (fastify/lib/server.js).
    server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
    server.requestTimeout = options.requestTimeout ?? 0;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  /** Replays the recorded answer and returns true, or returns false for Fastify to answer. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    const started = this.options.countAnswer ? performance.now() : 0;
    const { method } = request;
    if (!this.open || (method !== 'GET' && method !== 'HEAD')) return false;
    const route = this.routes.get(request.url ?? '');
    if (!route) return false;
    const { headers } = request;
    if (
      headers.host !== this.options.host ||
      headers['x-forwarded-host'] !== undefined ||
      headers['content-length'] !== undefined ||
      headers['transfer-encoding'] !== undefined ||
      this.logsReads()
    )
      return false;
    const snapshot = route.snapshot();
    if (!snapshot) return false;
    let variant: string;
    try {
      variant = route.variant(headers, snapshot);
    } catch {
      // A header the route cannot read (a malformed cookie): Fastify answers it, as it would without this lane.
      return false;
    }
    const kept = this.recorded.get(route);
    const recorded = kept?.snapshot === snapshot ? kept[method].get(variant) : undefined;
    if (!recorded) {
      this.record(route, snapshot, variant, method);
      return false;
    }
    recorded.headers[recorded.headers.length - 1] = this.options.requestId(request);
    response.writeHead(recorded.status, recorded.headers);
    response.end(recorded.body);
    this.replayed += 1;
    this.options.countAnswer?.(method, route.path, recorded.status, (performance.now() - started) / 1000);
    return true;
  }

  /** Reads are logged only at debug (logging.ts): then every request goes through Fastify, which logs it. */
  private logsReads(): boolean {
    const level = this.app?.log.level;
    return level === 'debug' || level === 'trace';
  }

  private record(route: FastLaneRoute<object>, snapshot: object, variant: string, method: 'GET' | 'HEAD'): void {
    const key = `${method} ${route.path} ${variant}`;
    if (!this.app || this.recording.has(key)) return;
    this.recording.add(key);
    const headers = { ...route.requestHeaders(variant, snapshot), host: this.options.host };
    this.app
      .inject({ method, url: route.path, headers })
      .then((answer) => {
        // Only a plain answer is replayed: never one that sets a cookie, nor an error.
        if ((answer.statusCode !== 200 && answer.statusCode !== 304) || answer.headers['set-cookie']) return;
        const replayed: OutgoingHttpHeader[] = [];
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!NOT_REPLAYED.has(name) && value !== undefined) replayed.push(name, value);
        }
        replayed.push(REQUEST_ID_HEADER, '');
        let kept = this.recorded.get(route);
        if (kept?.snapshot !== snapshot) {
          if (route.snapshot() !== snapshot) return;
          kept = { snapshot, GET: new Map(), HEAD: new Map() };
          this.recorded.set(route, kept);
        }
        kept[method].set(variant, { status: answer.statusCode, headers: replayed, body: answer.rawPayload });
      })
      .catch((error: unknown) => this.app?.log.error({ err: error }, 'recording a fast-lane answer failed'))
      .finally(() => this.recording.delete(key));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    fastLane: FastLane;
  }
}
