import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { needsAttention as needsAttentionView } from '@/contracts/admin/attention';
import { apiError } from '@/contracts/errors';
import { needsAttention } from './service';
import { staffAllowed } from '@/server/platform/auth/guard';

/** GET /api/admin/needs-attention: the dashboard's to-do list (src/contracts/admin/attention.ts). */
export const adminAttentionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/needs-attention',
    { config: staffAllowed, schema: { response: { 200: needsAttentionView, 401: apiError } } },
    async () => ({
      items: await needsAttention(app.deps.db, app.deps.clock.now()),
    }),
  );
};
