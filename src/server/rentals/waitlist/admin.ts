import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { AdminWaitlist, AdminWaitlistEntry, adminWaitlistQuery } from '@/contracts/waitlist';
import type { z } from 'zod';
import { lookupZip } from '@/server/rentals/service-area/zip-codes';
import { adminAudit, recordAudit } from '@/server/platform/audit-log';
import type { Db } from '@/server/platform/db/client';
import { unitModels, units, waitlistEntries } from '@/server/platform/db/schema';
import { Conflict, NotFound } from '@/server/platform/errors';
import { endEntry, linePlaces, lockLine } from './line';
import { readWaitlistSettings } from './settings';

/** The ended entries "all" shows at most, newest first: the lines themselves are always shown whole. */
const ENDED_SHOWN = 200;

const areaOf = (zipCode: string | null) => (zipCode ? (lookupZip(zipCode.slice(0, 5))?.city ?? null) : null);
const iso = (at: Date | null) => (at ? at.toISOString() : null);

type EntryRow = typeof waitlistEntries.$inferSelect & { modelName: string; unitSerial: string | null };

function viewOf(row: EntryRow, position: number | null): AdminWaitlistEntry {
  return {
    id: row.id,
    modelId: row.modelId,
    modelName: row.modelName,
    email: row.email,
    zipCode: row.zipCode,
    area: areaOf(row.zipCode),
    status: row.status as AdminWaitlistEntry['status'],
    position,
    joinedAt: row.createdAt.toISOString(),
    movedUpAt: iso(row.movedUpAt),
    movedUpReason: row.movedUpReason,
    offeredUntil: iso(row.offeredUntil),
    offeredUnitSerial: row.unitSerial,
    endedAt: iso(row.endedAt),
    endedReason: row.endedReason,
  };
}

const entryColumns = { entry: waitlistEntries, modelName: unitModels.name, unitSerial: units.serial };

function entriesQuery(db: Db) {
  return db
    .select(entryColumns)
    .from(waitlistEntries)
    .innerJoin(unitModels, eq(unitModels.id, waitlistEntries.modelId))
    .leftJoin(units, eq(units.id, waitlistEntries.offeredUnitId));
}

/**
 * The owner's view of the lines (GET /api/admin/waitlist): every live entry (waiting in its place, then offered) per
 * model by name, filtered by model and area (the ZIP's city); with `show=all`, the latest ended entries too.
 */
export async function listWaitlist(db: Db, query: z.output<typeof adminWaitlistQuery>): Promise<AdminWaitlist> {
  const live = await entriesQuery(db)
    .where(
      and(
        inArray(waitlistEntries.status, ['waiting', 'offered']),
        query.modelId ? eq(waitlistEntries.modelId, query.modelId) : undefined,
      ),
    )
    .orderBy(asc(unitModels.name), asc(waitlistEntries.createdAt));
  const ended =
    query.show === 'all'
      ? await entriesQuery(db)
          .where(
            and(
              notInArray(waitlistEntries.status, ['waiting', 'offered']),
              query.modelId ? eq(waitlistEntries.modelId, query.modelId) : undefined,
            ),
          )
          .orderBy(desc(waitlistEntries.endedAt))
          .limit(ENDED_SHOWN)
      : [];
  const modelIds = [...new Set(live.map((row) => row.entry.modelId))];
  const places = new Map<string, number>();
  for (const modelId of modelIds) for (const [id, place] of await linePlaces(db, modelId)) places.set(id, place);

  const rank = (row: (typeof live)[number]) =>
    row.entry.status === 'waiting' ? (places.get(row.entry.id) ?? 0) : Number.MAX_SAFE_INTEGER;
  live.sort(
    (a, b) =>
      a.modelName.localeCompare(b.modelName) || a.entry.modelId.localeCompare(b.entry.modelId) || rank(a) - rank(b),
  );

  const all = [...live, ...ended].map((row) =>
    viewOf({ ...row.entry, modelName: row.modelName, unitSerial: row.unitSerial }, places.get(row.entry.id) ?? null),
  );
  const models = new Map<string, { id: string; name: string; waiting: number; offered: number }>();
  for (const entry of all.filter((e) => e.status === 'waiting' || e.status === 'offered')) {
    const model = models.get(entry.modelId) ?? { id: entry.modelId, name: entry.modelName, waiting: 0, offered: 0 };
    if (entry.status === 'waiting') model.waiting += 1;
    else model.offered += 1;
    models.set(entry.modelId, model);
  }
  const areas = [...new Set(all.flatMap((entry) => (entry.area ? [entry.area] : [])))].sort();
  const entries = query.area ? all.filter((entry) => entry.area === query.area) : all;
  const { offerHours } = await readWaitlistSettings(db);
  return { entries, models: [...models.values()], areas, offerHours };
}

async function oneEntry(db: Db, id: string): Promise<AdminWaitlistEntry> {
  const [row] = await entriesQuery(db).where(eq(waitlistEntries.id, id));
  if (!row) throw new NotFound('No such waitlist entry');
  const place =
    row.entry.status === 'waiting' ? ((await linePlaces(db, row.entry.modelId)).get(row.entry.id) ?? null) : null;
  return viewOf({ ...row.entry, modelName: row.modelName, unitSerial: row.unitSerial }, place);
}

/** An entry's model and status, to lock its line by; a 404 for an entry that is not there. */
async function entryOf(db: Db, id: string): Promise<{ modelId: string; status: string }> {
  const [entry] = await db
    .select({ modelId: waitlistEntries.modelId, status: waitlistEntries.status })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, id));
  if (!entry) throw new NotFound('No such waitlist entry');
  return entry;
}

/**
 * Moves a waiting entry to the front of its line, behind those moved up before it (a medical need, say): the reason
 * is kept on the entry and in the audit trail. Only a waiting entry moves (409 otherwise).
 */
export async function moveUp(
  db: Db,
  adminUserId: string,
  id: string,
  reason: string,
  now: Date,
): Promise<AdminWaitlistEntry> {
  const entry = await entryOf(db, id);
  await db.transaction(async (tx) => {
    await lockLine(tx, entry.modelId);
    const before = (await linePlaces(tx, entry.modelId)).get(id);
    const [moved] = await tx
      .update(waitlistEntries)
      .set({ movedUpAt: now, movedUpReason: reason })
      .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.status, 'waiting')))
      .returning({ id: waitlistEntries.id });
    if (!moved) throw new Conflict('Only someone still waiting in line can be moved up.');
    const after = (await linePlaces(tx, entry.modelId)).get(id);
    await recordAudit(
      tx,
      adminAudit(adminUserId, 'waitlist.moved_up', 'waitlist_entry', id, { reason, from: before, to: after }),
    );
  });
  return oneEntry(db, id);
}

/** Takes an entry out of its line (an offer's unit goes to the next in line), with why; audited. */
export async function removeFromWaitlist(
  db: Db,
  adminUserId: string,
  id: string,
  reason: string,
  now: Date,
): Promise<AdminWaitlistEntry> {
  const entry = await entryOf(db, id);
  await db.transaction(async (tx) => {
    await lockLine(tx, entry.modelId);
    if (!(await endEntry(tx, id, 'removed', reason, now))) {
      throw new Conflict('This person is no longer in line.');
    }
    await recordAudit(
      tx,
      adminAudit(adminUserId, 'waitlist.removed', 'waitlist_entry', id, { reason, was: entry.status }),
    );
  });
  return oneEntry(db, id);
}
