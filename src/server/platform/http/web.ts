import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPageRoute } from '@/contracts/page-routes';
import { renderedPageFastLane } from './prerendered-fast-lane';
import { loadPageRenderer, type PageRenderer } from './page-renderer';
import { registerRenderedPages, RenderedPages } from './prerendered';

/**
 * Serves the built React app: hashed assets with a year-long immutable cache, the public pages as HTML rendered
 * at start-up in the visitor's language (prerendered.ts, ADR 027), the SPA's index for other page routes (never
 * cached, so a deploy is picked up at once), and the same index with a 404 for unknown paths. Assets go
 * out as their build-time brotli or gzip copy when the client accepts one; source maps are never served.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string | undefined,
  options: { renderer?: PageRenderer | undefined } = {},
): Promise<void> {
  const indexPath = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const indexHtml = indexPath && existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;

  const sendIndex = (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    reply
      .status(isPageRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    // HEAD (uptime monitors, link checkers): GET's headers and length, no body.
    if (request.method === 'HEAD') return reply.header('content-length', Buffer.byteLength(indexHtml!)).send();
    return reply.send(indexHtml);
  };

  if (webRoot && indexHtml) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The build keeps maps out of webRoot (web-build.ts); this holds if one is left there.
      allowedPath: (pathname) => !pathname.endsWith('.map'),
      // send's own Cache-Control would overwrite ours (it is applied after setHeaders).
      cacheControl: false,
      setHeaders(response, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        // The same URL answers br, gzip or identity: caches must key on what the client accepts.
        response.setHeader('vary', 'Accept-Encoding');
      },
    });
    const renderer = options.renderer ?? (await loadPageRenderer(webRoot));
    if (renderer) {
      // The pages' API requests go to this app in-process, on the site's own host (production redirects others).
      const host = app.hasDecorator('deps') ? new URL(app.deps.config.publicUrl).host : undefined;
      const pages = new RenderedPages(app, renderer, indexHtml, host);
      registerRenderedPages(app, pages, (request, reply) => sendIndex(request, reply, request.url.split('?')[0]!));
      // In production, once rendered, answered before Fastify with Fastify's own recorded answer (ADR 027).
      if (app.hasDecorator('fastLane'))
        for (const page of pages.paths) app.fastLane.add(renderedPageFastLane(pages, page));
      // The catalog's models are in the pages: a change to them is checked at once (RenderedPages.changed).
      if (app.hasDecorator('catalog')) {
        const stopListening = app.catalog.onDrop(() => pages.changed());
        app.addHook('preClose', (done) => {
          stopListening();
          done();
        });
      }
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const readsPage = request.method === 'GET' || request.method === 'HEAD';
    if (pathname.startsWith('/api/') || pathname === '/api' || !readsPage || !indexHtml) {
      return reply.status(404).send({ message: `Route ${request.method} ${pathname} not found` });
    }
    return sendIndex(request, reply, pathname);
  });
}
