import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Page } from '@/contracts/admin/common';
import type { AdminLead, AdminServiceArea, LeadListQuery } from '@/contracts/admin/settings';
import type { ServiceAreaSettings } from '@/contracts/service-area';
import type { Db } from '@/server/platform/db/client';
import { leads, unitModels } from '@/server/platform/db/schema';
import { lookupZip, milesBetween } from '@/server/rentals/service-area/zip-codes';
import { Invalid } from '@/server/platform/errors';
import { readServiceArea, SERVICE_AREA_SETTING } from '@/server/rentals/service-area/settings';
import { writeSetting } from '@/server/platform/db/business-settings';
import { pageWindow, toPage } from '@/server/platform/lib/paging';

function withDepotPlace(settings: ServiceAreaSettings): AdminServiceArea {
  const depot = lookupZip(settings.depotZip);
  return { ...settings, depotCity: depot?.city ?? '', depotState: depot?.state ?? '' };
}

export async function getServiceArea(db: Db): Promise<AdminServiceArea> {
  return withDepotPlace(await readServiceArea(db));
}

/** Changes the service area: the depot must be a real ZIP. The change and what it was before are audited. */
export async function updateServiceArea(
  db: Db,
  adminUserId: string,
  next: ServiceAreaSettings,
): Promise<AdminServiceArea> {
  if (!lookupZip(next.depotZip)) {
    const message = `We could not find ZIP code ${next.depotZip}. Please check it and try again.`;
    throw new Invalid(message, { depotZip: message });
  }
  await writeSetting(db, adminUserId, SERVICE_AREA_SETTING, next);
  return withDepotPlace(next);
}

/** Leads, newest first, one page at a time, with each ZIP's city and distance from today's depot. */
export async function listLeads(db: Db, query: LeadListQuery): Promise<Page<AdminLead>> {
  const filters: SQL[] = [];
  if (query.kind) filters.push(eq(leads.kind, query.kind));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total], settings] = await Promise.all([
    db
      .select({ lead: leads, modelName: unitModels.name })
      .from(leads)
      .leftJoin(unitModels, eq(unitModels.id, leads.modelId))
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(pageWindow(query).limit)
      .offset(pageWindow(query).offset),
    db.select({ value: count() }).from(leads).where(where),
    readServiceArea(db),
  ]);
  const depot = lookupZip(settings.depotZip);
  const items = rows.map(({ lead, modelName }): AdminLead => {
    const place = lead.zipCode ? lookupZip(lead.zipCode) : undefined;
    return {
      id: lead.id,
      kind: lead.kind,
      email: lead.email,
      zipCode: lead.zipCode,
      city: place ? `${place.city}, ${place.state}` : null,
      miles: place && depot ? milesBetween(depot, place) : null,
      modelName,
      notifiedAt: lead.notifiedAt?.toISOString() ?? null,
      createdAt: lead.createdAt.toISOString(),
    };
  });
  return toPage(items, total?.value ?? 0, query);
}
