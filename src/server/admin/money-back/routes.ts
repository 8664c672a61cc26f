import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@/contracts/admin/common';
import { adminCredit, adminRefund, creditInput, refundInput } from '@/contracts/admin/money-back';
import { errorResponses } from '@/contracts/errors';
import { adminIdOf } from '@/server/admin/shared/admin-id';
import { creditCustomer } from '@/server/billing/credits';
import { refundOrder } from '@/server/billing/refunds';

const errors = errorResponses(400, 401, 403, 404, 502);

/**
 * Money given back (ADR 030): refunds on an order's paid invoices or fees, and credits on a customer's account. Both
 * are the admin role's only (they declare no `staffAllowed`: ADR 019), go through the provider first, and answer with
 * what was recorded; the customer's e-mail queued with it goes out now (or on the minute's retry).
 */
export const adminMoneyBackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, payments } = app.deps;

  app.post(
    '/orders/:id/refunds',
    {
      schema: {
        summary: 'Refund the whole or part of a paid invoice or paid fee of the order (through the provider first)',
        params: idParams,
        body: refundInput,
        response: { 201: adminRefund, ...errors },
      },
    },
    async (request, reply) => {
      const refund = await refundOrder(
        { db, payments },
        adminIdOf(request),
        request.params.id,
        request.body,
        clock.now(),
      );
      await app.scheduledWork.sendQueuedMessages(request.log);
      return reply.status(201).send(refund);
    },
  );

  app.post(
    '/customers/:id/credits',
    {
      schema: {
        summary: "Credit the customer's account: the provider takes it off their next bill",
        params: idParams,
        body: creditInput,
        response: { 201: adminCredit, ...errors },
      },
    },
    async (request, reply) => {
      const credit = await creditCustomer(
        { db, payments },
        adminIdOf(request),
        request.params.id,
        request.body,
        clock.now(),
      );
      await app.scheduledWork.sendQueuedMessages(request.log);
      return reply.status(201).send(credit);
    },
  );
};
