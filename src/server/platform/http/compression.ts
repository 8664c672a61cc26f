import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { stringMemo } from '@/server/platform/lib/string-memo';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this, compressing costs more than it saves (a response fits in one packet either way). */
const MIN_BYTES = 1024;
const compressibleType = /^(application\/json|text\/html|text\/plain|text\/css|image\/svg\+xml)/;
// Dynamic responses: a fast brotli level; the built assets are compressed at build time at the highest level.
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/** br when the client accepts it, else gzip, else nothing (q=0 refuses a coding; `*` accepts both). */
export function negotiateEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  return acceptEncoding ? negotiated(acceptEncoding) : undefined;
}

/** Accept-Encoding values seen, with their answer: browsers send a handful, each on every request (fast-lane.ts). */
const negotiated = stringMemo((acceptEncoding): 'br' | 'gzip' | undefined => {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (coding: string) => accepted.get(coding) ?? accepted.get('*') ?? 0;
  return weight('br') > 0 && weight('br') >= weight('gzip') ? 'br' : weight('gzip') > 0 ? 'gzip' : undefined;
});

/** Adds a request header to Vary, keeping any already named. */
function addVary(reply: FastifyReply, header: string): void {
  const current = String(reply.getHeader('vary') ?? '');
  if (
    current
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(header.toLowerCase())
  )
    return;
  reply.header('vary', current ? `${current}, ${header}` : header);
}

/**
 * Compresses HTML and JSON bodies of 1 kB and more for clients that accept it (the SPA's index, API lists). Files
 * are streamed by @fastify/static from their pre-compressed copies instead (scripts/finish-web-build.ts).
 */
export function registerCompression(app: FastifyInstance): void {
  // A callback hook: the common case (small, already encoded, a stream) answers without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (Buffer.byteLength(payload) < MIN_BYTES || reply.hasHeader('content-encoding')) return done(null, payload);
    if (!compressibleType.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload);
    addVary(reply, 'Accept-Encoding');
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    (encoding === 'br' ? brotli(payload, brotliOptions) : gzipAsync(payload)).then(
      (compressed) => done(null, compressed),
      (error: Error) => done(error),
    );
  });
}
