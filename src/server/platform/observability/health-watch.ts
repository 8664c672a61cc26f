import { outboxBacklog } from '../mail/outbox';
import { sendOwnerAlert, type OwnerAlertDeps } from '../mail/owner-alerts';
import type { ErrorReporter } from './error-reporting';
import type { Metrics } from './metrics';

/** The outbox's oldest unsent message may be this old before the owner is told. */
export const OUTBOX_ALERT_AGE_MS = 3_600_000;
/** A sweep that fails this many runs in a row is told to the owner. */
export const SWEEP_ALERT_STREAK = 3;

/** How one sweep of a scheduled run went; `title` says what it does, in the owner's words. */
export type SweepOutcome = { sweep: string; title: string } & ({ ok: true } | { ok: false; error: unknown });

type WorkLog = { error(details: object, message: string): void };

interface Streak {
  failures: number;
  lastError: string;
  alerted: boolean;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/** "42 min", "1 h 15 min", "2 h". */
function duration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
}

/**
 * Watches the scheduled work after each run (platform/timer.ts): counts each sweep's run and failure (metrics),
 * reports each failure (error reporting), and tells the owner, once per incident, of a sweep failing
 * SWEEP_ALERT_STREAK runs in a row and of an outbox whose oldest message is over an hour old. An incident is told
 * again only after it has cleared (a run without the failure; an outbox caught up) and come back. The alerts go
 * straight to the mailer, not through the outbox they may be about; one that cannot be sent is tried on the next run.
 *
 * The state is this instance's: with several instances, each tells of what it sees (two e-mails for one outage).
 */
export class HealthWatch {
  private readonly streaks = new Map<string, Streak>();
  private outboxAlerted = false;

  constructor(
    private readonly deps: { alerts: OwnerAlertDeps; metrics: Metrics; errors: ErrorReporter; log: WorkLog },
  ) {}

  async afterRun(outcomes: readonly SweepOutcome[], now: Date): Promise<void> {
    for (const outcome of outcomes) {
      this.deps.metrics.sweepRan(outcome.sweep, !outcome.ok);
      if (!outcome.ok) this.deps.errors.report(outcome.error, { sweep: outcome.sweep });
    }
    await this.watchSweeps(outcomes);
    await this.watchOutbox(now);
  }

  private async watchSweeps(outcomes: readonly SweepOutcome[]): Promise<void> {
    const newlyFailing: Array<{ outcome: SweepOutcome; streak: Streak }> = [];
    for (const outcome of outcomes) {
      if (outcome.ok) {
        this.streaks.delete(outcome.sweep);
        continue;
      }
      const streak = this.streaks.get(outcome.sweep) ?? { failures: 0, lastError: '', alerted: false };
      streak.failures += 1;
      streak.lastError = messageOf(outcome.error);
      this.streaks.set(outcome.sweep, streak);
      if (streak.failures >= SWEEP_ALERT_STREAK && !streak.alerted) newlyFailing.push({ outcome, streak });
    }
    if (newlyFailing.length === 0) return;
    const values = {
      sweeps: newlyFailing.map(({ outcome }) => outcome.title).join(', '),
      runs: String(Math.min(...newlyFailing.map(({ streak }) => streak.failures))),
      details: newlyFailing
        .map(({ outcome, streak }) => `- ${outcome.title} (${outcome.sweep}): ${streak.lastError}`)
        .join('\n'),
    };
    if (await this.alert('sweep_failing', values)) for (const { streak } of newlyFailing) streak.alerted = true;
  }

  private async watchOutbox(now: Date): Promise<void> {
    let backlog: Awaited<ReturnType<typeof outboxBacklog>>;
    try {
      backlog = await outboxBacklog(this.deps.alerts.db);
    } catch (error) {
      this.deps.log.error({ err: error }, 'the outbox could not be read to watch its age');
      return;
    }
    const ageMs = backlog.oldestQueuedAt ? now.getTime() - backlog.oldestQueuedAt.getTime() : 0;
    if (ageMs <= OUTBOX_ALERT_AGE_MS) {
      this.outboxAlerted = false;
      return;
    }
    if (this.outboxAlerted) return;
    this.outboxAlerted = await this.alert('outbox_stuck', { depth: String(backlog.depth), age: duration(ageMs) });
  }

  /** Whether the alert went out; a failure is logged, and the next run tries again. */
  private async alert(kind: 'sweep_failing' | 'outbox_stuck', values: Record<string, string>): Promise<boolean> {
    try {
      await sendOwnerAlert(this.deps.alerts, kind, values);
      return true;
    } catch (error) {
      this.deps.log.error({ err: error, alert: kind }, 'the owner could not be alerted');
      return false;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    healthWatch: HealthWatch;
  }
}
