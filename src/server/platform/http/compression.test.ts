import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { negotiateEncoding, registerCompression } from './compression';

const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Customer ${i}`, city: 'Santa Ana' }));
const app = Fastify();
registerCompression(app);
app.get('/big', async () => ({ rows }));
app.get('/small', async () => ({ ok: true }));
app.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send(`<p>${'x'.repeat(4000)}</p>`));
app.get('/file', async (_request, reply) => reply.type('application/pdf').send(Buffer.alloc(4000, 1)));
await app.ready();
afterAll(async () => app.close());

describe('negotiateEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['gzip;q=0, br;q=0', undefined],
    ['*', 'br'],
  ])('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('answers each value as its own when values alternate (the last one is remembered)', () => {
    for (let round = 0; round < 3; round += 1) {
      expect(negotiateEncoding('gzip')).toBe('gzip');
      expect(negotiateEncoding('gzip')).toBe('gzip');
      expect(negotiateEncoding('gzip, br')).toBe('br');
      expect(negotiateEncoding('identity')).toBeUndefined();
    }
  });
});

describe('response compression', () => {
  it('compresses JSON of 1 kB and more with brotli or gzip, as the client accepts', async () => {
    const br = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual({ rows });
    const plain = JSON.stringify({ rows });
    expect(br.rawPayload.length).toBeLessThan(plain.length / 4);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

    const gzip = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual({ rows });

    const identity = await app.inject({ url: '/big' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toBe('Accept-Encoding');
    expect(identity.json()).toEqual({ rows });
  });

  it('compresses HTML, and leaves small bodies and binary files as they are', async () => {
    const accept = { 'accept-encoding': 'br' };
    expect((await app.inject({ url: '/page', headers: accept })).headers['content-encoding']).toBe('br');
    const small = await app.inject({ url: '/small', headers: accept });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const file = await app.inject({ url: '/file', headers: accept });
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.rawPayload.length).toBe(4000);
  });
});
