import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAnalyticsRoutes } from './analytics/routes';
import { adminAttentionRoutes } from './attention/routes';
import { documentSessionRequired } from '@/server/platform/api-docs/documents';
import { adminAuditRoutes } from './audit/routes';
import { adminGuard, PUBLIC_ADMIN_ROUTES } from '@/server/platform/auth/guard';
import { adminAuthRoutes } from './sign-in/routes';
import { adminBillingClockRoutes } from './billing-clock-routes';
import { adminContactMessageRoutes } from './contact-messages/routes';
import { adminCustomerRoutes } from './customer-desk/routes';
import { adminApiDocsRoute } from './api-docs-routes';
import { adminEmailRoutes } from './emails/routes';
import { adminFeeRoutes } from './fees/routes';
import { adminInventoryRoutes } from './inventory/routes';
import { adminInvoiceRoutes } from './invoices/routes';
import { adminMoneyBackRoutes } from './money-back/routes';
import { adminOrderRoutes } from './order-desk/routes';
import { adminPhoneOrderRoutes } from './order-desk/phone-order-routes';
import { adminRouteSheetRoutes } from './deliveries/route-sheet-routes';
import { adminSettingsRoutes } from './settings/routes';
import { adminStatsRoutes } from './stats/routes';
import { adminTeamRoutes } from './team/routes';
import { adminTwoFactorRoutes } from './team/two-factor-routes';
import { adminDeliveryRoutes } from './deliveries/routes';
import { adminUnitModelPhotoRoutes } from './inventory/photo-routes';
import { adminWaitlistRoutes } from './waitlist/routes';
import { asOwnerWork } from '@/server/platform/db/lanes';

/**
 * Everything under /api/admin. One onRequest hook, declared here for the whole prefix, requires an admin session on
 * every route except the sign-in, and the admin role on every route that does not declare `staffAllowed`
 * (auth/guard.ts), so a route added to any of these plugins cannot forget either. admin-routes.test.ts walks the
 * registered routes to prove it. Its handlers run as the owner's work (platform/db/lanes.ts, ADR 042): on PGlite
 * their statements give way to the customers'. From preHandler, after the body is read, so the whole handler is in it.
 */
export const adminPlugin: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('admin', null);
  app.addHook('onRequest', adminGuard(app.deps.db));
  app.addHook('preHandler', (_request, _reply, done) => asOwnerWork(done));
  documentSessionRequired(app, 'adminSession', (url) => PUBLIC_ADMIN_ROUTES.has(url));

  await app.register(adminAuthRoutes);
  await app.register(adminStatsRoutes);
  await app.register(adminCustomerRoutes);
  await app.register(adminOrderRoutes);
  await app.register(adminPhoneOrderRoutes);
  await app.register(adminFeeRoutes);
  await app.register(adminMoneyBackRoutes);
  await app.register(adminEmailRoutes);
  await app.register(adminInventoryRoutes);
  await app.register(adminUnitModelPhotoRoutes);
  await app.register(adminInvoiceRoutes);
  await app.register(adminAnalyticsRoutes);
  await app.register(adminBillingClockRoutes);
  await app.register(adminAttentionRoutes);
  await app.register(adminTeamRoutes);
  await app.register(adminTwoFactorRoutes);
  await app.register(adminDeliveryRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminRouteSheetRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminContactMessageRoutes);
  await app.register(adminWaitlistRoutes);
  await app.register(adminApiDocsRoute);
};
