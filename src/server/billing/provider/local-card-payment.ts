import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '@/server/platform/db/client';
import { localGatewayCustomers, localGatewaySessions } from '@/server/platform/db/schema';
import { addOneTimeItems } from './local/invoice-items';
import { chargeInvoice, openInvoicesOf, randomId } from './local/invoices';
import { queueEvents } from './local/outbox';
import { openLocalSubscription } from './local/subscriptions';
import { intervalOfSession, oneTimeItemsOf, type SessionRow } from './local-sessions';

/** A test card that pays, as the page took it. */
export interface AcceptedCard {
  cardNumber: string;
  brand: string;
  /** Saved, but every charge on it fails (Stripe's card for testing failed renewals). */
  chargesFail: boolean;
}

/**
 * Completes an open session with the card, in one transaction: the card goes on file, then a checkout session
 * opens the subscription (its one-time items on the first invoice) and a billing-page session pays what is open.
 * Undefined when the session was no longer open and unexpired (another request completed or expired it).
 */
export async function completeSessionWithCard(
  db: Db,
  session: SessionRow,
  card: AcceptedCard,
  now: Date,
  publicUrl?: string,
): Promise<SessionRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(localGatewaySessions)
      .set({
        status: 'complete',
        subscriptionId: session.kind === 'checkout' ? randomId('sub_local') : null,
      })
      .where(
        and(
          eq(localGatewaySessions.id, session.id),
          eq(localGatewaySessions.status, 'open'),
          gt(localGatewaySessions.expiresAt, now),
        ),
      )
      .returning();
    if (!row) return row;
    await tx
      .update(localGatewayCustomers)
      .set({ cardBrand: card.brand, cardLast4: card.cardNumber.slice(-4), cardChargesFail: card.chargesFail })
      .where(eq(localGatewayCustomers.id, row.gatewayCustomerId));
    if (row.subscriptionId) {
      const { subscriptionId, gatewayCustomerId, orderId, amountCents, trialEnd } = row;
      // The session's one-time prices become invoice items, which the subscription's first invoice bills.
      await addOneTimeItems(tx, row, oneTimeItemsOf(row), now);
      const interval = intervalOfSession(row);
      await openLocalSubscription(
        tx,
        { id: subscriptionId, gatewayCustomerId, orderId, amountCents, trialEnd, interval },
        now,
        publicUrl,
      );
    } else {
      // The billing page pays what is open with the new card.
      for (const invoice of await openInvoicesOf(tx, row.gatewayCustomerId)) {
        await queueEvents(tx, await chargeInvoice(tx, invoice, now));
      }
    }
    return row;
  });
}
