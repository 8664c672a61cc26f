import type { Db } from './db/client';
import { auditEvents } from './db/schema';

export interface AuditEntry {
  actorType: 'customer' | 'admin' | 'system';
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string;
  details?: Record<string, unknown>;
}

/** Records who did what to which record, for the admin's order history and for disputes. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values(entry);
}

/** The audit entry of something an admin (the owner or staff) did to one record. */
export function adminAudit(
  adminUserId: string,
  action: string,
  entityType: string,
  entityId: string,
  details?: Record<string, unknown>,
): AuditEntry {
  return { actorType: 'admin', actorId: adminUserId, action, entityType, entityId, details };
}
