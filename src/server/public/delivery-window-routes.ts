import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { startDateProblem } from '@/contracts/checkout';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { DELIVERY_WINDOW_DAYS, deliveryWindowList, deliveryWindowQuery } from '@/contracts/delivery-windows';
import { errorResponses } from '@/contracts/errors';
import { enforceRateLimit } from '@/server/platform/http/rate-limit';
import { Invalid } from '@/server/platform/errors';
import { readDeliveryCapacityWithTaken } from '@/server/rentals/delivery-windows/settings';
import { windowsWithRoom } from '@/server/rentals/delivery-windows/windows';
import { OutOfServiceArea } from '@/server/rentals/checkout/delivery';
import { readServiceArea } from '@/server/rentals/service-area/settings';
import { quoteZip } from '@/server/rentals/service-area/quote';

/** The checkout asks when the start date or ZIP changes: generous, like the ZIP quote. */
const WINDOWS_LIMIT = { limit: 120, windowMs: 15 * 60_000 };

/**
 * GET /api/delivery-windows?zip=&from=: the delivery windows of the 14 days from `from` (earliest first), each with
 * the visits it can still take. A ZIP or date the checkout would refuse is refused with the checkout's message: a
 * malformed or unknown ZIP or date 400, one outside the service area 422.
 */
export const deliveryWindowRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    '/delivery-windows',
    {
      schema: {
        querystring: deliveryWindowQuery,
        response: { 200: deliveryWindowList, ...errorResponses(400, 422, 429) },
      },
    },
    async (request, reply) => {
      const now = clock.now();
      await enforceRateLimit(db, `delivery-windows:ip:${request.ip}`, WINDOWS_LIMIT, now);
      const { zip, from } = request.query;
      const dateProblem = startDateProblem(from, todayInLosAngeles(now));
      if (dateProblem) throw new Invalid(dateProblem, { from: dateProblem });
      const quote = quoteZip(await readServiceArea(db), zip);
      if (quote.status === 'unknown') throw new Invalid(quote.message!, { zip: quote.message! });
      if (quote.status === 'out_of_area') throw new OutOfServiceArea(quote.message!);
      reply.header('cache-control', 'no-store');
      // The owner's windows with the fortnight's bookings, in one statement.
      const last = addDays(from, DELIVERY_WINDOW_DAYS - 1);
      const { settings, taken } = await readDeliveryCapacityWithTaken(db, from, last, now);
      return windowsWithRoom(settings, taken, from, now, DELIVERY_WINDOW_DAYS);
    },
  );
};
