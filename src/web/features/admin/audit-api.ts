import { useQuery } from '@tanstack/react-query';
import type { AuditEvent } from '@/contracts/admin/audit';
import type { Page } from '@/contracts/admin/common';
import { adminKeys, adminResource } from './api';

/**
 * A record's history, read by the order view and the customer panel. Its keys sit under the record's own root,
 * so an action that refreshes the order (or the customer) refreshes its history too.
 */
const roots = { order: adminKeys.orders, customer: adminKeys.customers } as const;
export type AuditSubject = keyof typeof roots;

export function useAuditHistory(subject: AuditSubject, id: string, page: number, pageSize = 10) {
  const history = adminResource([...roots[subject], 'audit', id], '/api/admin/audit-events');
  return useQuery(history.page<Page<AuditEvent>>({ subject, id, page, pageSize }));
}
