import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiateEncoding } from '../http/compression';

/** Below this a body goes out as it is (http/compression.ts uses the same threshold). */
const MIN_COMPRESSED_BYTES = 1024;

/** A JSON body made once and sent many times: its bytes, its ETag, and its compressed copies when worth having. */
export interface PreparedBody {
  json: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

export function prepareBody(json: string): PreparedBody {
  const etag = `"${createHash('sha1').update(json).digest('base64url').slice(0, 22)}"`;
  if (Buffer.byteLength(json) < MIN_COMPRESSED_BYTES) return { json, etag };
  return {
    json,
    etag,
    br: brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(json, { level: 9 }),
  };
}

/** If-None-Match holds this ETag (a list, a weak form, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a prepared body: 304 without one when the client's copy is current, else the copy its Accept-Encoding
 * asks for (content-encoding set, so the compression hook leaves it alone). `no-cache`: clients may keep it but
 * must revalidate, since stock changes at any moment.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, body: PreparedBody): FastifyReply {
  reply.header('etag', body.etag).header('cache-control', 'no-cache');
  if (body.br) reply.header('vary', 'Accept-Encoding');
  if (matches(request.headers['if-none-match'], body.etag)) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = body.br ? negotiateEncoding(request.headers['accept-encoding']) : undefined;
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(body.br);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.json);
}
