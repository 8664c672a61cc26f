import { z } from 'zod';
import { pageOf, pageParams } from './common';

/** The records whose history the order view and the customer panel show. */
export const auditSubjects = ['order', 'customer'] as const;

/** GET /api/admin/audit-events: one record's history (and its fees', requests' and tasks'), newest first. */
export const auditEventQuery = z.object({
  subject: z.enum(auditSubjects, { message: 'Choose order or customer' }),
  id: z.uuid({ message: 'Invalid id' }),
  ...pageParams,
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type AuditEventQuery = z.infer<typeof auditEventQuery>;

export const auditEvent = z.object({
  id: z.uuid(),
  /** admin (with the admin's username), customer or system. */
  actorType: z.enum(['admin', 'customer', 'system']),
  actorName: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEvent = z.infer<typeof auditEvent>;
export const auditEventPage = pageOf(auditEvent);
