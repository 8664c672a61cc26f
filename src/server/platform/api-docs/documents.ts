import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { ADMIN_SESSION_COOKIE } from '@/server/platform/auth/staff-sessions';
import { CUSTOMER_SESSION_COOKIE } from '@/server/platform/auth/customer-sessions';

/**
 * The API reference, generated from the routes' own zod schemas (the schemas that validate requests and shape
 * responses), so it cannot drift from the code. Two documents (ADR 020): the public and customer API, and the
 * admin API, which is served only behind the admin session so the public one never names an admin route.
 * Each document is built on its first request and then kept (the routes do not change while the app runs).
 */

export type ApiAudience = 'public' | 'admin';

declare module 'fastify' {
  interface FastifyInstance {
    publicApiDocument: () => OpenAPIV3_1.Document;
    adminApiDocument: () => OpenAPIV3_1.Document;
  }
}

export const API_DOCS_PATH = '/api/docs';
export const ADMIN_API_DOCS_PATH = '/api/admin/docs';

/** Which document a route belongs in: everything under /api/admin is the admin API, the rest is public. */
export const audienceOf = (url: string): ApiAudience =>
  url === '/api/admin' || url.startsWith('/api/admin/') ? 'admin' : 'public';

/** The session a route requires, as an OpenAPI security scheme (set by the plugin that guards it). */
export const securitySchemes = {
  adminSession: {
    type: 'apiKey',
    in: 'cookie',
    name: ADMIN_SESSION_COOKIE,
    description: 'Set by POST /api/admin/login',
  },
  customerSession: {
    type: 'apiKey',
    in: 'cookie',
    name: CUSTOMER_SESSION_COOKIE,
    description: 'Set when checkout succeeds, by POST /api/account-access, or by the link in the confirmation e-mail',
  },
} as const;

export type SecurityScheme = keyof typeof securitySchemes;

/**
 * Marks every route a plugin registers as requiring a session, in the same place the plugin's guard is declared:
 * the plugin calls this once (an onRoute hook of its own), so a route added to it later is documented as guarded.
 */
export function documentSessionRequired(
  app: FastifyInstance,
  scheme: SecurityScheme,
  isOpen: (url: string) => boolean = () => false,
): void {
  app.addHook('onRoute', (route) => {
    if (isOpen(route.url)) return;
    route.schema = { ...route.schema, security: [{ [scheme]: [] }] };
  });
}

/** `/api/admin/orders/:id/status` → tag "orders"; `/api/portal/:orderId` → "portal". */
function tagOf(url: string): string {
  const parts = url.split('/').filter((part) => part && !part.startsWith(':'));
  const rest = parts[0] === 'api' ? parts.slice(audienceOf(url) === 'admin' ? 2 : 1) : parts;
  return rest[0] ?? 'admin';
}

const zodToJsonSchema = createJsonSchemaTransform({ skipList: [] });

/**
 * The zod transform, plus: the other audience's routes hidden, and a tag per resource. Routes in neither document:
 * HEAD routes (@fastify/swagger leaves them out: each mirrors a documented GET) and the built web app's files
 * (@fastify/static hides its routes: pages and assets, not an API).
 */
function transformFor(audience: ApiAudience): SwaggerTransform {
  return (document) => {
    const { url } = document;
    if (audienceOf(url) !== audience) return { schema: { hide: true }, url };
    const base = document.schema ?? ({} as FastifySchema);
    const { schema } = zodToJsonSchema({ ...document, schema: base });
    return { schema: { ...schema, tags: schema.tags ?? [tagOf(url)] }, url };
  };
}

const documentInfo: Record<ApiAudience, OpenAPIV3_1.InfoObject> = {
  public: {
    title: 'CoolRent API: public and customer',
    version: '1',
    description:
      'The catalog, checkout, the private customer portal and the payment webhook. Errors are JSON `{ message }` ' +
      '(plus `fieldErrors` for invalid fields) with a 4xx status. The admin API is documented at ' +
      `${ADMIN_API_DOCS_PATH}, behind the admin session.`,
  },
  admin: {
    title: 'CoolRent API: admin',
    version: '1',
    description:
      "The owner's dashboard API. Every route except the sign-in requires the admin session cookie; " +
      'writes from another site are refused. Lists take page and pageSize (1–100) and answer { items, total, page, pageSize }.',
  },
};

/**
 * Registers both documents. Must run before any route is added: @fastify/swagger collects routes as they are
 * registered (an onRoute hook), and a route registered earlier is missing from both documents.
 */
export async function registerApiDocuments(app: FastifyInstance): Promise<void> {
  for (const audience of ['public', 'admin'] as const) {
    await app.register(fastifySwagger, {
      decorator: audience === 'public' ? 'publicApiDocument' : 'adminApiDocument',
      openapi: {
        openapi: '3.1.0',
        info: documentInfo[audience],
        components: {
          securitySchemes:
            audience === 'public'
              ? { customerSession: securitySchemes.customerSession }
              : { adminSession: securitySchemes.adminSession },
        },
      },
      transform: transformFor(audience),
    });
  }
}
