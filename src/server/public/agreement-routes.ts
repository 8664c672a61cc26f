import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agreementIdParams, agreementInput, agreementResult } from '@/contracts/agreements';
import { apiError } from '@/contracts/errors';
import { checkoutOrderIdOf } from '@/server/rentals/checkout/checkout-cookie';
import { NotFound } from '@/server/platform/errors';
import { requestLocale } from '@/server/platform/http/request-locale';
import { canReadAgreement } from './agreement-access';
import { findAgreementFile, signAgreement } from '@/server/customers/agreements/service';
import { isUuid } from '@/server/platform/lib/uuid';

const notAvailable = () => new NotFound('Agreement PDF not available');

export const agreementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  app.post(
    '/agreements/create',
    {
      schema: {
        body: agreementInput,
        response: { 200: agreementResult, 201: agreementResult, 400: apiError, 404: apiError, 409: apiError },
      },
    },
    async (request, reply) => {
      const { agreement, created } = await signAgreement({ db, contact: config.business }, request.body, {
        checkoutOrderId: checkoutOrderIdOf(request),
        ipAddress: request.ip,
        locale: requestLocale(request),
        now: app.deps.clock.now(),
      });
      return reply.status(created ? 201 : 200).send(agreement);
    },
  );

  app.get(
    '/agreements/:agreementId/pdf',
    // A binary body: no response schema to serialise through; a refusal goes through the error handler as JSON.
    { schema: { params: agreementIdParams } },
    async (request, reply) => {
      if (!isUuid(request.params.agreementId)) throw notAvailable();
      const file = await findAgreementFile(db, request.params.agreementId);
      if (!file?.pdfData || !(await canReadAgreement(db, request, file))) throw notAvailable();
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="rental-agreement-${file.orderNumber}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(file.pdfData);
    },
  );
};
