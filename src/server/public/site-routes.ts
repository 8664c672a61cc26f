import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteInfo } from '@/contracts/site';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/site-info', { schema: { response: { 200: siteInfo } } }, async () => app.deps.config.business);
};
