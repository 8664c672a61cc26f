import { useState } from 'react';
import type { AuditEvent } from '@/contracts/admin/audit';
import { formatCents } from '@/contracts/money';
import { useAuditHistory, type AuditSubject } from './audit-api';
import { formatInstant } from './format';
import { DetailSection } from './ui/detail-section';
import { Pagination } from './ui/pagination';
import { QueryState } from './ui/query-state';

const PAGE_SIZE = 8;

const actionLabels: Record<string, string> = {
  'order.status_changed': 'Status changed',
  'order.activated': 'Payment confirmed, order activated',
  'order.checkout_expired': 'Checkout expired',
  'order.billing_ended': 'Billing ended',
  'order.ended_by_provider': 'Billing ended by the payment provider',
  'order.unit_assigned': 'Unit assigned',
  'order.unit_swapped': 'Unit swapped',
  'delivery_task.pickup_booked': 'Pickup booked',
  'delivery_task.completed': 'Delivery task completed',
  'delivery_task.service_requested': 'Service visit requested by the customer',
  'cancellation.approved': 'Cancellation request approved',
  'cancellation.declined': 'Cancellation request declined',
  'fee.paid': 'Fee marked paid',
  'fee.waived': 'Fee waived',
  'customer.contact_updated': 'Contact details updated',
};

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);

/** The few details worth a line: a change from one value to another, an amount, the owner's note. */
function detailLine(event: AuditEvent): string | null {
  const details = event.details ?? {};
  const parts: string[] = [];
  const from = text(details.from);
  const to = text(details.to);
  if (to) parts.push(from ? `${from} → ${to}` : to);
  if (typeof details.amountCents === 'number') parts.push(formatCents(details.amountCents));
  const note = text(details.note) ?? text(details.notes);
  if (note) parts.push(`“${note}”`);
  return parts.length ? parts.join(' · ') : null;
}

const actorOf = (event: AuditEvent) =>
  event.actorType === 'admin'
    ? (event.actorName ?? 'an admin')
    : event.actorType === 'customer'
      ? 'customer'
      : 'system';

/** Who did what and when to this record (and its fees, requests and tasks), newest first, a page at a time. */
export function AuditLog({ subject, id }: { subject: AuditSubject; id: string }) {
  const [page, setPage] = useState(1);
  const history = useAuditHistory(subject, id, page, PAGE_SIZE);
  return (
    <DetailSection heading="History">
      <QueryState query={history} loadingLabel="Loading history..." errorTitle="The history could not load">
        {(result) =>
          result.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>
          ) : (
            <>
              <ol className="grid gap-1 text-sm" aria-label={`${subject === 'order' ? 'Order' : 'Customer'} history`}>
                {result.items.map((event) => {
                  const detail = detailLine(event);
                  return (
                    <li key={event.id} className="flex flex-wrap gap-x-2 border-b py-1.5 last:border-b-0">
                      <time dateTime={event.createdAt} className="text-muted-foreground tabular-nums">
                        {formatInstant(event.createdAt)}
                      </time>
                      <span>
                        <span className="font-medium">{actorOf(event)}</span>:{' '}
                        {actionLabels[event.action] ?? event.action.replaceAll('_', ' ').replace('.', ': ')}
                        {detail && <span className="text-muted-foreground"> ({detail})</span>}
                      </span>
                    </li>
                  );
                })}
              </ol>
              {result.total > PAGE_SIZE && (
                <Pagination
                  page={page}
                  pageSize={PAGE_SIZE}
                  total={result.total}
                  noun="events"
                  onPageChange={setPage}
                />
              )}
            </>
          )
        }
      </QueryState>
    </DetailSection>
  );
}
