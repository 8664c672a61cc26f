import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web';
import { finishWebBuild } from './web-build';

// A bundle big enough to be worth compressing, as Vite writes one, with its (hidden) source map beside it.
const mainJs = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: 'row ${i}' }`).join(', ')}];`;

describe('the built web app', () => {
  let root: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'web-root-'));
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Cool Rentals</title>');
    writeFileSync(path.join(root, 'assets', 'admin-3f9a1c.js'), 'export const admin = 1;');
    writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(root, 'assets', 'index-a1b2c3.js'), mainJs);
    writeFileSync(path.join(root, 'assets', 'index-a1b2c3.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    finishWebBuild(root, path.join(root, '..', `${path.basename(root)}-maps`));
    app = Fastify();
    await registerWebApp(app, root);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(`${root}-maps`, { recursive: true, force: true });
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/admin-3f9a1c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('export const admin = 1;');
  });

  it('serves other files for an hour', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers page routes with the uncached index, unknown paths with the index and a 404', async () => {
    const page = await app.inject({ method: 'GET', url: '/catalog' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>Cool Rentals</title>');

    const unknown = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<title>Cool Rentals</title>');

    const api = await app.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Route GET /api/nothing not found' });
  });

  it('answers HEAD on pages and assets as GET would, without a body', async () => {
    for (const url of ['/', '/catalog', '/assets/admin-3f9a1c.js']) {
      const response = await app.inject({ method: 'HEAD', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe('');
    }
    const get = await app.inject({ method: 'GET', url: '/catalog' });
    const head = await app.inject({ method: 'HEAD', url: '/catalog' });
    expect(head.headers['content-length']).toBe(String(get.rawPayload.length));
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect((await app.inject({ method: 'HEAD', url: '/no-such-page' })).statusCode).toBe(404);
  });

  it('sends the build-time brotli or gzip copy of an asset to clients that accept it, varying on it', async () => {
    const asset = '/assets/index-a1b2c3.js';
    const br = await app.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(mainJs.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(mainJs);

    const gzip = await app.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(mainJs);

    const identity = await app.inject({ method: 'GET', url: asset });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(mainJs);
  });

  it('never serves a source map: the build moves them out, and one left behind is refused', async () => {
    expect(existsSync(path.join(root, 'assets', 'index-a1b2c3.js.map'))).toBe(false);
    expect(existsSync(path.join(`${root}-maps`, 'assets', 'index-a1b2c3.js.map'))).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/assets/index-a1b2c3.js.map' })).statusCode).toBe(404);

    const leftBehind = mkdtempSync(path.join(tmpdir(), 'web-root-'));
    mkdirSync(path.join(leftBehind, 'assets'));
    writeFileSync(path.join(leftBehind, 'index.html'), '<!doctype html><title>Cool Rentals</title>');
    writeFileSync(path.join(leftBehind, 'assets', 'admin-3f9a1c.js.map'), '{"version":3,"sources":["a.ts"]}');
    const other = Fastify();
    try {
      await registerWebApp(other, leftBehind);
      const response = await other.inject({ method: 'GET', url: '/assets/admin-3f9a1c.js.map' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('sources');
    } finally {
      await other.close();
      rmSync(leftBehind, { recursive: true, force: true });
    }
  });
});
