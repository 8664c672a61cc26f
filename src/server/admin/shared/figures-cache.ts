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
  /** The app clock's time it was computed at (the figures' own asOf). */
  computedAt: number;
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
   * The figures of `kind` as of `now`: kept ones if fresh enough, else `compute(now)` (shared while it runs). A value
   * built on older figures says so through `asOf` (an ISO instant), and is kept only as long as those would be.
   */
  async get<T>(kind: string, now: Date, compute: (now: Date) => Promise<T>, asOf?: (value: T) => string): Promise<T> {
    const at = now.getTime();
    const kept = this.kept.get(kind);
    if (kept && at >= kept.computedAt && at < kept.computedAt + FIGURES_MAX_AGE_MS) return kept.value as T;
    const shared = this.loading.get(kind);
    if (shared && shared.generation === this.generation) return (await shared.promise) as T;
    const generation = this.generation;
    const promise = compute(now);
    this.loading.set(kind, { generation, promise });
    try {
      const value = await promise;
      const computedAt = asOf ? Math.min(at, Date.parse(asOf(value))) : at;
      if (generation === this.generation) this.kept.set(kind, { value, computedAt });
      return value;
    } finally {
      if (this.loading.get(kind)?.promise === promise) this.loading.delete(kind);
    }
  }

  /**
   * The business figures (figures.ts) as of `now`, kept as a kind of their own: the stat cards and Analytics are
   * both built on them, so a dashboard showing both pays for one computation every 30 s, not two.
   */
  business(db: Db, now: Date): Promise<BusinessFigures> {
    return this.get('figures', now, (at) => businessFigures(db, at));
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
