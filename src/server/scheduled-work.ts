import type { AppDeps } from './deps';
import { billPendingLateFees, createDueLateFees } from './billing/late-fees';
import { billFeesWithoutRenewal } from './billing/fee-invoices';
import { sweepOrphanCheckouts } from './rentals/checkout/orphans';
import { sweepEndedPhoneOrders } from './rentals/phone-orders/sweep';
import { dispatchNotifications, type DispatchDeps } from './customers/outbox-dispatch';
import { runWaitlist } from './rentals/waitlist/offers';
import { deleteUnpaidCheckouts } from './rentals/orders/retention';
import type { SweepOutcome } from './platform/observability/health-watch';

export const dispatchDepsOf = (deps: AppDeps): DispatchDeps => ({
  db: deps.db,
  mailer: deps.mailer,
  publicUrl: deps.config.publicUrl,
  ownerAlertEmail: deps.config.mail.ownerAlertEmail,
  business: deps.config.business,
});

/** Where a sweep's failures are told: the app's or a request's logger. */
type WorkLog = { error(details: object, message: string): void };

export interface ScheduledWorkReport {
  orphanCheckoutsCancelled: number;
  /** Phone orders whose hold ended unsigned or unpaid (issue 29). */
  phoneOrdersExpired: number;
  lateFeesCreated: number;
  lateFeesBilled: number;
  /** Invoices of their own for fees no renewal will carry (issue 27). */
  feeInvoicesIssued: number;
  /** Units held for the first in a waitlist's line, each with its e-mail queued (issue 30). */
  waitlistOffers: number;
  notificationsSent: number;
  /** Checkouts that never reached payment, deleted after their retention (ADR 038). */
  unpaidCheckoutsDeleted: number;
  /** Each sweep's outcome, in the order they ran (a failed one counts 0 above). */
  sweeps: SweepOutcome[];
}

/** The sweeps, in the order they run, with what each does in the owner's words (a failing one is alerted). */
const SWEEP_TITLES = {
  orphan_checkouts: 'cancelling checkouts left without a payment page',
  phone_orders: 'cancelling phone orders whose hold ended',
  late_fees: 'adding late fees',
  late_fee_billing: 'charging late fees',
  fee_invoices: 'invoicing fees no renewal will carry',
  waitlist: 'offering free units to the waitlist',
  notifications: 'sending queued e-mails',
  unpaid_checkouts: 'deleting checkouts that never reached payment, after 30 days',
} as const;

/**
 * The app's own time-based work, at `now` from the one clock (real time in production, the billing clock in the
 * demo and tests). Every step is an idempotent sweep: what it does is decided by rows and unique indexes, not by
 * which instance runs it or how often, so several instances and restarts do each thing once
 * (docs/decisions/013-dunning-and-scheduled-work.md). Cancellations take effect on the provider (cancel_at) and
 * reach us as webhooks. Checkouts a crash left without a payment page are cancelled first, so their units are
 * offered again (docs/decisions/021-orphan-checkouts-and-chaos-test.md). A sweep that fails is logged and the
 * others still run (a later one only finds less to do); the timer reports it and counts its failures in a row.
 */
export async function runScheduledWork(deps: AppDeps, now: Date, log: WorkLog): Promise<ScheduledWorkReport> {
  const sweeps: SweepOutcome[] = [];
  const sweep = async (name: keyof typeof SWEEP_TITLES, work: () => Promise<number>): Promise<number> => {
    const title = SWEEP_TITLES[name];
    try {
      const done = await work();
      sweeps.push({ sweep: name, title, ok: true });
      return done;
    } catch (error) {
      log.error({ err: error, sweep: name }, 'scheduled sweep failed');
      sweeps.push({ sweep: name, title, ok: false, error });
      return 0;
    }
  };
  const orphanCheckoutsCancelled = await sweep('orphan_checkouts', () => sweepOrphanCheckouts(deps.db, now));
  const phoneOrdersExpired = await sweep('phone_orders', () => sweepEndedPhoneOrders(deps.db, now));
  const lateFeesCreated = await sweep('late_fees', () => createDueLateFees(deps.db, now));
  const lateFeesBilled = await sweep('late_fee_billing', () =>
    billPendingLateFees({ db: deps.db, payments: deps.payments, log }),
  );
  // Fees no renewal will carry (billing ended, or ends first: the early-termination fee) are charged now.
  const feeInvoicesIssued = await sweep('fee_invoices', () =>
    billFeesWithoutRenewal({ db: deps.db, payments: deps.payments, log }),
  );
  // Units freed by the steps above (or by the owner, a return, a hold run out) go to the waitlists' first in line,
  // whose e-mails are sent below.
  const waitlistOffers = await sweep('waitlist', () =>
    runWaitlist({ db: deps.db, publicUrl: deps.config.publicUrl, secret: deps.config.sessionSecret }, now),
  );
  const notificationsSent = await sweep('notifications', () => dispatchNotifications(dispatchDepsOf(deps), now));
  // Last: the checkouts that never reached payment and were left for 30 days (ADR 038).
  const unpaidCheckoutsDeleted = await sweep('unpaid_checkouts', () => deleteUnpaidCheckouts(deps.db, now));
  return {
    orphanCheckoutsCancelled,
    phoneOrdersExpired,
    lateFeesCreated,
    lateFeesBilled,
    feeInvoicesIssued,
    waitlistOffers,
    notificationsSent,
    unpaidCheckoutsDeleted,
    sweeps,
  };
}

/** Sends what an action just queued (an owner alert, a dunning e-mail); a failure waits for the next run. */
export async function sendQueuedMessages(deps: AppDeps, log: WorkLog): Promise<void> {
  await dispatchNotifications(dispatchDepsOf(deps), deps.clock.now()).catch((error: unknown) => {
    log.error({ err: error }, 'queued messages could not be sent');
  });
}

/** What the routes and the timer ask of the scheduled work: decorated on the app by app.ts, so no face imports it. */
export interface ScheduledWork {
  run(now: Date, log: WorkLog): Promise<ScheduledWorkReport>;
  sendQueuedMessages(log: WorkLog): Promise<void>;
}

export const scheduledWorkOf = (deps: AppDeps): ScheduledWork => ({
  run: (now, log) => runScheduledWork(deps, now, log),
  sendQueuedMessages: (log) => sendQueuedMessages(deps, log),
});

declare module 'fastify' {
  interface FastifyInstance {
    scheduledWork: ScheduledWork;
  }
}
