import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiateEncoding } from '@/server/platform/http/compression';

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

/** Which answer a request gets for `body`: `304`, or 200 as `br`, `gzip` or `identity` (sendPrepared's choice). */
export function preparedVariant(
  headers: { 'if-none-match'?: string | undefined; 'accept-encoding'?: string | undefined },
  body: PreparedBody,
): '304' | 'br' | 'gzip' | 'identity' {
  if (matches(headers['if-none-match'], body.etag)) return '304';
  return (body.br && negotiateEncoding(headers['accept-encoding'])) || 'identity';
}

/** Request headers that get the `variant` answer for `body` (the fast lane records each answer with them). */
export function variantRequestHeaders(variant: string, body: PreparedBody): Record<string, string> {
  if (variant === '304') return { 'if-none-match': body.etag };
  return { 'accept-encoding': variant };
}

/**
 * Sends a prepared body: 304 without one when the client's copy is current, else the copy its Accept-Encoding
 * asks for (content-encoding set, so the compression hook leaves it alone). `no-cache`: clients may keep it but
 * must revalidate, since stock changes at any moment.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, body: PreparedBody): FastifyReply {
  reply.header('etag', body.etag).header('cache-control', 'no-cache');
  if (body.br) reply.header('vary', 'Accept-Encoding');
  const variant = preparedVariant(request.headers, body);
  if (variant === '304') return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  if (variant === 'br') return reply.header('content-encoding', 'br').send(body.br);
  if (variant === 'gzip') return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.json);
}
