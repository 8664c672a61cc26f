import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@/contracts/admin/common';
import {
  adminEmailLogList,
  emailLogQuery,
  emailTemplateInput,
  emailTemplateList,
  emailTemplateUpdate,
  emailTemplateView,
  sendEmailInput,
  sendEmailResult,
  templatePreview,
  templatePreviewInput,
} from '@/contracts/admin/emails';
import { errorResponses } from '@/contracts/errors';
import { staffAllowed } from '@/server/platform/auth/guard';
import { adminIdOf } from '@/server/admin/shared/admin-id';
import {
  createTemplate,
  listEmailLogs,
  listTemplates,
  previewTemplate,
  sendAdminEmail,
  updateTemplate,
} from './service';

const errors = errorResponses(400, 401, 403, 404, 502);

export const adminEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  app.get(
    '/email-templates',
    { config: staffAllowed, schema: { response: { 200: emailTemplateList, ...errors } } },
    async () => listTemplates(db),
  );

  app.post(
    '/email-templates',
    { schema: { body: emailTemplateInput, response: { 201: emailTemplateView, ...errors } } },
    async (request, reply) => reply.status(201).send(await createTemplate(db, request.body)),
  );

  app.patch(
    '/email-templates/:id',
    { schema: { params: idParams, body: emailTemplateUpdate, response: { 200: emailTemplateView, ...errors } } },
    async (request) => updateTemplate(db, adminIdOf(request), request.params.id, request.body),
  );

  // A POST because it carries a draft subject and body; it changes nothing.
  app.post(
    '/email-templates/preview',
    { config: staffAllowed, schema: { body: templatePreviewInput, response: { 200: templatePreview, ...errors } } },
    async (request) => previewTemplate(db, config, request.body),
  );

  app.get(
    '/email-logs',
    { config: staffAllowed, schema: { querystring: emailLogQuery, response: { 200: adminEmailLogList, ...errors } } },
    async (request) => listEmailLogs(db, request.query),
  );

  app.post(
    '/send-email',
    { config: staffAllowed, schema: { body: sendEmailInput, response: { 201: sendEmailResult, ...errors } } },
    async (request, reply) => {
      const sent = await sendAdminEmail(app.deps, adminIdOf(request), request.body);
      return reply.status(201).send(sent);
    },
  );
};
