import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { business } from '@/contracts/business';
import { unitModelPhotoUrl, type ModelInventory, type UnitModelSummary } from '@/contracts/catalog';
import type { onSendHookHandler, RouteOptions } from 'fastify';
import type { Database } from '@/server/platform/db/client';
import { NotifyInvalidatedCache } from '@/server/platform/db/notify-listener';
import { unitModels, units, waitlistEntries } from '@/server/platform/db/schema';
import { holdIsLive, unitIsOfferable } from '@/server/rentals/units/predicates';
import { prepareBody, type PreparedBody } from './prepared-body';

/** A unit model as the catalog and the owner's model list both read it. */
export const unitModelColumns = {
  id: unitModels.id,
  name: unitModels.name,
  btuTier: unitModels.btuTier,
  monthlyPrice: unitModels.monthlyPrice,
  weeklyPrice: unitModels.weeklyPrice,
  recommendedRoomSize: unitModels.recommendedRoomSize,
  hoseType: unitModels.hoseType,
  description: unitModels.description,
  nameEs: unitModels.nameEs,
  recommendedRoomSizeEs: unitModels.recommendedRoomSizeEs,
  descriptionEs: unitModels.descriptionEs,
  active: unitModels.active,
  // The photo's version only: its bytes are never read into the catalog (GET /api/unit-models/:id/photo serves them).
  photoUpdatedAt: unitModels.photoUpdatedAt,
};

/** The channel the 0012 migration's triggers on units and unit_models notify on every committed change. */
export const CATALOG_CHANNEL = 'catalog_changed';

/** The catalog at one instant: what GET /api/unit-models and GET /api/inventory/:modelId answer, ready to send. */
export interface CatalogSnapshot {
  list: PreparedBody;
  /** Every model's stock, an inactive model's as none; a model not in here is unknown. */
  stock: Map<string, PreparedBody>;
  /** The app clock's time it was computed at. */
  computedAt: number;
  /** The earliest live hold's end: the counts change then without any write (Infinity when nothing is held). */
  validUntil: number;
}

const noStock: ModelInventory = { available: 0, held: 0 };

/**
 * A model with anyone waiting in its line is out of stock for everyone else: its free units go to the line (ADR
 * 036). Read with the models, through waitlist_entries_line_idx. (Its columns are named in full: in a select from
 * one table the query builder leaves them unqualified, and "id" would be the entry's.)
 */
const hasLine = sql<boolean>`exists (select 1 from ${waitlistEntries} line
  where line.model_id = ${unitModels}.id and line.status = 'waiting')`.mapWith(Boolean);

/** Reads the catalog as of `now`: two statements, whatever the fleet's size (one grouped count over units). */
export async function readCatalog(database: Database, now: Date): Promise<CatalogSnapshot> {
  const { db } = database;
  const [models, counts] = await Promise.all([
    db
      .select({ ...unitModelColumns, hasLine })
      .from(unitModels)
      .orderBy(asc(unitModels.weeklyPrice), asc(unitModels.name)),
    db
      .select({
        modelId: units.modelId,
        available: sql<number>`count(*) filter (where ${unitIsOfferable(now)})`.mapWith(Number),
        held: sql<number>`count(*) filter (where ${and(eq(units.status, 'available'), holdIsLive(now))})`.mapWith(
          Number,
        ),
        // Epoch milliseconds: the drivers return timestamps in different shapes, a number in one.
        nextExpiry: sql<
          number | string | null
        >`(extract(epoch from min(${units.heldUntil}) filter (where ${holdIsLive(now)})) * 1000)::float8`,
      })
      .from(units)
      .where(gte(units.btu, business.minimumBtu))
      .groupBy(units.modelId),
  ]);
  const byModel = new Map(counts.map((row) => [row.modelId, row]));
  const list: UnitModelSummary[] = models
    .filter((model) => model.active)
    .map(({ active: _active, hasLine: _hasLine, photoUpdatedAt, ...summary }) => ({
      ...summary,
      photoUrl: unitModelPhotoUrl(summary.id, photoUpdatedAt),
    }));
  const stock = new Map<string, PreparedBody>();
  for (const model of models) {
    const row = byModel.get(model.id);
    const available = model.hasLine ? 0 : (row?.available ?? 0);
    const inventory = model.active && row ? { available, held: row.held } : noStock;
    stock.set(model.id, prepareBody(JSON.stringify(inventory)));
  }
  const expiries = counts.flatMap((row) => (row.nextExpiry === null ? [] : [Number(row.nextExpiry)]));
  return {
    list: prepareBody(JSON.stringify(list)),
    stock,
    computedAt: now.getTime(),
    validUntil: Math.min(Infinity, ...expiries),
  };
}

/**
 * The catalog kept in memory (ADR 024). It is dropped when the database says units or unit models changed (the
 * 0012 triggers' NOTIFY, from any instance) and when its earliest hold runs out on the app clock; while the
 * listening connection is down nothing is kept, every request reads the database. Loads arriving together share
 * one read; a read that a change overtook answers its own request but is not kept.
 */
export class CatalogCache extends NotifyInvalidatedCache {
  private snapshot: CatalogSnapshot | null = null;
  private loading: { generation: number; promise: Promise<CatalogSnapshot> } | null = null;
  private readonly dropListeners = new Set<() => void>();

  constructor(database: Database) {
    super(database, CATALOG_CHANNEL);
  }

  /** Calls `listener` each time the catalog is dropped (something it shows may have changed); returns its removal. */
  onDrop(listener: () => void): () => void {
    this.dropListeners.add(listener);
    return () => this.dropListeners.delete(listener);
  }

  protected drop(): void {
    this.snapshot = null;
    this.loading = null;
    for (const listener of this.dropListeners) listener();
  }

  /** The kept catalog when it is the answer at `at` (epoch milliseconds), without reading anything; else undefined. */
  peek(at: number): CatalogSnapshot | undefined {
    const kept = this.snapshot;
    return kept && at >= kept.computedAt && at < kept.validUntil && this.listening ? kept : undefined;
  }

  async current(now: Date): Promise<CatalogSnapshot> {
    const at = now.getTime();
    const kept = this.peek(at);
    if (kept) return kept;
    if (this.loading && this.loading.generation === this.generation) {
      const shared = await this.loading.promise;
      // The clock may have moved while it loaded (the demo's billing clock): only a read as of an earlier or equal
      // instant whose holds are still live is the answer for `now`.
      if (at >= shared.computedAt && at < shared.validUntil) return shared;
    }
    const generation = this.generation;
    const promise = readCatalog(this.database, now);
    this.loading = { generation, promise };
    try {
      const fresh = await promise;
      if (generation === this.generation && this.listening) this.snapshot = fresh;
      return fresh;
    } finally {
      if (this.loading?.promise === promise) this.loading = null;
    }
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Gives every state-changing route an onSend hook that drops the caches (the catalog, the admin's orders list)
 * before its answer leaves: the browser that just checked out (or the owner who just edited stock or an order)
 * reads its own change on this instance even before the NOTIFY arrives. Reads get no hook, so they pay nothing for it.
 */
export function invalidateAfterWrites(route: RouteOptions, caches: ReadonlyArray<{ invalidate(): void }>): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.every((method) => READS.has(method))) return;
  const drop: onSendHookHandler = async (_request, _reply, payload) => {
    for (const cache of caches) cache.invalidate();
    return payload;
  };
  const existing = route.onSend ? (Array.isArray(route.onSend) ? route.onSend : [route.onSend]) : [];
  route.onSend = [...existing, drop];
}

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogCache;
  }
}
