import { useState } from 'react';
import type { AdminCancellationRequest, AdminOrderDetail } from '@/contracts/admin/orders';
import { formatCalendarDate } from '@/contracts/dates';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { formatInstant, formatInstantDate } from '../format';
import { DetailSection } from '../ui/detail-section';
import { ItemList } from '../ui/item-list';
import { StatusBadge } from '../ui/status-badge';
import { useDecideCancellation, useOrderActionPending } from './api';

/** The customer's requests to end the rental: a pending one is approved or declined, with optional notes. */
export function CancellationRequests({ detail: { order, cancellationRequests } }: { detail: AdminOrderDetail }) {
  return (
    <DetailSection heading="Cancellation requests" className="border-t pt-4">
      <ItemList items={cancellationRequests} empty="No cancellation requests." itemClassName="grid gap-2">
        {(request) => (
          <>
            <p className="flex flex-wrap items-center gap-2">
              Requested {formatInstantDate(request.requestDate)} to end {formatCalendarDate(request.effectiveDate)}{' '}
              <StatusBadge status={request.status} />
            </p>
            {request.reason && <p className="text-muted-foreground">“{request.reason}”</p>}
            {request.status === 'pending' ? (
              <CancellationDecision orderId={order.id} request={request} />
            ) : (
              <p className="text-muted-foreground">
                {request.status === 'approved' ? 'Approved' : 'Declined'}
                {request.processedBy && <> by {request.processedBy}</>}
                {request.processedAt && <> on {formatInstant(request.processedAt)}</>}
                {request.notes && <>: {request.notes}</>}
              </p>
            )}
          </>
        )}
      </ItemList>
    </DetailSection>
  );
}

function CancellationDecision({ orderId, request }: { orderId: string; request: AdminCancellationRequest }) {
  const [notes, setNotes] = useState('');
  const decide = useDecideCancellation(orderId);
  const pending = useOrderActionPending(orderId);
  const notesId = `decision-notes-${request.id}`;
  return (
    <>
      <Label htmlFor={notesId}>Notes (optional)</Label>
      <Textarea id={notesId} rows={2} value={notes} onChange={(event) => setNotes(event.target.value)} />
      <div className="flex gap-2">
        {(['approved', 'declined'] as const).map((decision) => (
          <Button
            key={decision}
            size="sm"
            variant={decision === 'approved' ? 'default' : 'outline'}
            disabled={pending}
            onClick={() => decide.mutate({ requestId: request.id, decision, notes })}
          >
            {decision === 'approved' ? 'Approve' : 'Decline'}
          </Button>
        ))}
      </div>
    </>
  );
}
