import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { agreementRoutes } from './public/agreement-routes';
import { orderLinkRoutes } from './public/order-link-routes';
import { CatalogCache, invalidateAfterWrites } from './rentals/catalog/cache';
import { OrderListCache } from './admin/order-desk/list-cache';
import { FiguresCache } from './admin/shared/figures-cache';
import { catalogRoutes, unitModelsFastLane } from './public/catalog-routes';
import { unitModelPhotoRoutes } from './public/unit-model-photo-routes';
import { checkoutRoutes } from './public/checkout-routes';
import { adminPlugin } from './admin/plugin';
import { registerApiDocuments } from './platform/api-docs/documents';
import { publicApiDocsRoute } from './platform/api-docs/routes';
import type { AppDeps } from './deps';
import { dispatchDepsOf, scheduledWorkOf } from './scheduled-work';
import { registerCanonicalOrigin } from './platform/http/canonical-origin';
import { registerCompression } from './platform/http/compression';
import { frameworkErrorReply, registerErrorHandling } from './platform/http/error-handler';
import { registerCrossSiteProtection } from './platform/http/cross-site';
import { FastLane } from './platform/http/fast-lane';
import { registerInputHygiene } from './platform/http/input-hygiene';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerWebApp } from './platform/http/web';
import { signInLinkRoutes } from './portal/sign-in-routes';
import { loggerOptions, registerRequestLog } from './platform/logging';
import { registerRequestIdHeader, requestIdFor } from './platform/http/request-id';
import { startErrorReporting } from './platform/observability/error-reporting';
import { HealthWatch } from './platform/observability/health-watch';
import {
  countRequests,
  createMetrics,
  METRICS_PATH,
  registerMetricsRoute,
} from './platform/observability/metrics-route';
import { WEBHOOK_PATH } from './billing/provider/gateway';
import { isLocalGateway } from './billing/provider/local-gateway';
import { localPaymentPageRoutes } from './public/local-pay-page';
import { paymentWebhookRoute } from './public/payment-webhook-routes';
import { customerAccessRoutes, customerPortalRoutes } from './portal/routes';
import { serviceAreaRoutes } from './public/service-area-routes';
import { deliveryWindowRoutes } from './public/delivery-window-routes';
import { siteRoutes } from './public/site-routes';
import { todayRoutes } from './public/today-routes';
import { contactRoutes } from './public/contact-routes';
import { waitlistRoutes } from './public/waitlist-routes';

export interface BuildAppOptions {
  deps: AppDeps;
  /** Folder of the built web app (dist/web); omitted in API tests. */
  webRoot?: string;
  logger?: boolean;
  /** Sees every route as it is registered, before any plugin adds its own (the admin route-walk test). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp({ deps, webRoot, logger = true, onRoute }: BuildAppOptions): Promise<FastifyInstance> {
  // The catalog from memory (ADR 024): other instances' changes arrive as NOTIFY; this instance's own writes drop
  // it before their answer leaves, so a client reads its own write even before the notification arrives.
  const catalog = new CatalogCache(deps.database);
  // Eyes on the running site (ADR 032): error reports (only with SENTRY_DSN), metrics, request ids.
  const errors = await startErrorReporting(deps.config.errorReporting);
  const metrics = createMetrics(deps.database, deps.clock);
  const countsRequests = deps.config.metricsToken !== undefined;
  const requestId = requestIdFor(deps.config.trustProxy);
  // In production the catalog's list is answered before Fastify, with Fastify's own recorded answer (ADR 024).
  const fastLane = new FastLane({
    host: new URL(deps.config.publicUrl).host,
    enabled: deps.config.isProduction,
    requestId,
    countAnswer: countsRequests ? (...answer) => metrics.countRequest(...answer) : undefined,
  });
  fastLane.add(unitModelsFastLane(catalog, deps.clock));
  const app = Fastify({
    serverFactory: fastLane.serverFactory,
    genReqId: requestId,
    logger: logger ? loggerOptions(deps.config) : false,
    // One line per request, none for static files nor, in production, successful reads (logging.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // Only the configured proxies' X-Forwarded-For is believed (http/trust-proxy.ts); none by default.
    trustProxy: deps.config.trustProxy.length > 0 ? deps.config.trustProxy : false,
    bodyLimit: 1_048_576,
    frameworkErrors: frameworkErrorReply,
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', onRoute);
  // The first onRequest hook: every answer, a redirect or an error included, carries the request's id.
  registerRequestIdHeader(app);
  app.decorate('errorReporter', errors);
  app.addHook('onClose', async () => errors.close());
  app.decorate('metrics', metrics);
  countRequests(app, metrics, deps.config.metricsToken);
  if (logger) registerRequestLog(app, { production: deps.config.isProduction });
  fastLane.attach(app);
  await catalog.start();
  app.decorate('catalog', catalog);
  app.addHook('onClose', async () => catalog.stop());
  // The admin's orders list from memory too, dropped the same ways (ADR 010 addendum).
  const orderList = new OrderListCache(deps.database);
  await orderList.start();
  app.decorate('orderList', orderList);
  app.addHook('onClose', async () => orderList.stop());
  app.addHook('onRoute', (route) => invalidateAfterWrites(route, [catalog, orderList]));
  // The dashboard's figures, reused for up to 30 s and dropped by the owner's writes (ADR 038).
  const figures = new FiguresCache();
  app.decorate('figures', figures);
  app.addHook('onRoute', figures.dropAfterWrites);
  // First of all hooks: in production a request on another host is redirected before anything can set a cookie.
  registerCanonicalOrigin(app, { config: deps.config, anyHost: ['/healthz', '/readyz', METRICS_PATH, WEBHOOK_PATH] });
  // Before any route: the API reference collects routes as they are registered.
  await registerApiDocuments(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('scheduledWork', scheduledWorkOf(deps));
  app.decorate('healthWatch', new HealthWatch({ alerts: dispatchDepsOf(deps), metrics, errors, log: app.log }));
  app.addHook('onClose', async () => deps.mailer.close());
  registerErrorHandling(app, errors);
  registerInputHygiene(app);
  registerSecurityHeaders(app, { production: deps.config.isProduction });
  registerCompression(app);
  registerCrossSiteProtection(app, deps.config.publicUrl);
  await app.register(fastifyCookie, { secret: deps.config.sessionSecret });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await deps.database.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ message: 'Database unavailable' });
    }
  });
  registerMetricsRoute(app, metrics, deps.config.metricsToken);

  await app.register(
    async (api) => {
      await api.register(publicApiDocsRoute);
      await api.register(catalogRoutes);
      await api.register(unitModelPhotoRoutes);
      await api.register(siteRoutes);
      await api.register(todayRoutes);
      await api.register(serviceAreaRoutes);
      await api.register(deliveryWindowRoutes);
      await api.register(contactRoutes);
      await api.register(waitlistRoutes);
      await api.register(checkoutRoutes);
      await api.register(agreementRoutes);
      await api.register(orderLinkRoutes);
      await api.register(paymentWebhookRoute);
      // The local gateway serves its hosted payment page's API from this app; Stripe hosts its own.
      if (isLocalGateway(deps.payments)) await api.register(localPaymentPageRoutes(deps.payments));
    },
    { prefix: '/api' },
  );
  await app.register(customerAccessRoutes);
  await app.register(signInLinkRoutes);
  await app.register(customerPortalRoutes);
  await app.register(adminPlugin, { prefix: '/api/admin' });

  await registerWebApp(app, webRoot);
  return app;
}
