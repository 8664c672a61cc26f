import type { RouteOptions, onSendHookHandler } from 'fastify';
import type { BusinessFigures } from '@/contracts/admin/figures';
import type { Db } from '@/server/platform/db/client';
import { businessFigures } from './figures';

/**
 * How long the dashboard's figures (stat cards, Analytics) are reused on the app clock at most. At 100k customers
 * and 250k orders each is a pass over the whole history (2 to 4 s of database time on PostgreSQL: docs/perf/growth.md),
 * so a dashboard left open, or several, must not pay it on every read while customers wait behind it (ADR 038).
 */
export const FIGURES_MAX_AGE_MS = 30_000;

/** Checkouts: the customers' busiest writes, which only add a lead or an unpaid order until a payment arrives. */
const CHECKOUT_PREFIX = '/api/checkout/';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface Kept {
  value: unknown;
  /** The app clock's time it was computed at: it is never reused for a time before (tests, the demo's clock). */
  from: number;
  /** Reused until then: FIGURES_MAX_AGE_MS after it was computed, or after the figures it was built on. */
  until: number;
}

/**
 * The dashboard's figures from memory (ADR 038): each kind (the business figures, the stat cards, Analytics) is
 * computed once and reused while the app clock stays within FIGURES_MAX_AGE_MS after it (and not before it: tests,
 * the demo's billing clock). The stat cards and Analytics are built on the business figures' kind, and kept no longer
 * than those. It is all dropped before the answer of any state-changing request on this instance leaves but a
 * checkout's (the owner's edits, refunds and fees, payments' webhooks, the portal), so the owner reads their own
 * change at once; a checkout, or a write on another instance, shows within FIGURES_MAX_AGE_MS. The figures carry the
 * time they were computed (asOf), so a reused answer says how old it is. Requests arriving together share one
 * computation.
 */
export class FiguresCache {
  private readonly kept = new Map<string, Kept>();
  private readonly loading = new Map<string, { generation: number; promise: Promise<unknown> }>();
  private generation = 0;

  invalidate(): void {
    this.generation += 1;
    this.kept.clear();
    this.loading.clear();
  }

  /**
   * A kind built on the business figures (figures.ts): the stat cards, Analytics. `compute` gets them from their own
   * kind, so a dashboard showing both pays for one computation every 30 s, not two; what is built on them is kept no
   * longer than they are (from their asOf), so nothing shown is older than FIGURES_MAX_AGE_MS.
   */
  builtOnFigures<T extends { figures: BusinessFigures }>(
    kind: string,
    db: Db,
    now: Date,
    compute: (now: Date, figures: Promise<BusinessFigures>) => Promise<T>,
  ): Promise<T> {
    const figures = (at: Date) => this.get('figures', at, (when) => businessFigures(db, when));
    return this.get(
      kind,
      now,
      (at) => compute(at, figures(at)),
      (value) => Date.parse(value.figures.asOf),
    );
  }

  /**
   * The value of `kind` as of `now`: a kept one if fresh enough, else `compute(now)` (shared while it runs), kept for
   * FIGURES_MAX_AGE_MS from `keptFrom(value)` when it was built on something older, and never for a time before `now`.
   */
  private async get<T>(
    kind: string,
    now: Date,
    compute: (now: Date) => Promise<T>,
    keptFrom: (value: T) => number = () => now.getTime(),
  ): Promise<T> {
    const at = now.getTime();
    const kept = this.kept.get(kind);
    if (kept && at >= kept.from && at < kept.until) return kept.value as T;
    const shared = this.loading.get(kind);
    if (shared && shared.generation === this.generation) return (await shared.promise) as T;
    const generation = this.generation;
    const promise = compute(now);
    this.loading.set(kind, { generation, promise });
    try {
      const value = await promise;
      if (generation === this.generation) {
        this.kept.set(kind, { value, from: at, until: Math.min(at, keptFrom(value)) + FIGURES_MAX_AGE_MS });
      }
      return value;
    } finally {
      if (this.loading.get(kind)?.promise === promise) this.loading.delete(kind);
    }
  }

  /** An onRoute hook: every state-changing route but a checkout's drops the figures before its answer leaves. */
  dropAfterWrites = (route: RouteOptions): void => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => READS.has(method)) || route.url.startsWith(CHECKOUT_PREFIX)) return;
    const drop: onSendHookHandler = async (_request, _reply, payload) => {
      this.invalidate();
      return payload;
    };
    const existing = route.onSend ? (Array.isArray(route.onSend) ? route.onSend : [route.onSend]) : [];
    route.onSend = [...existing, drop];
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    figures: FiguresCache;
  }
}
