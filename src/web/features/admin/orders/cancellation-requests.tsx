import { useState } from 'react';
import type { AdminCancellationRequest, AdminOrderDetail } from '@/contracts/admin/orders';
import { formatCalendarDate } from '@/contracts/dates';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { formatInstant, formatInstantDate } from '../format';
import { DetailSection } from '../ui/detail-section';
import { ItemList } from '../ui/item-list';
import { BookVisitDialog } from '../ui/book-visit-dialog';
import { StatusBadge } from '../ui/status-badge';
import { useDecideCancellation, useOrderActionPending } from './api';

/**
 * The customer's requests to end the rental: a pending one is approved or declined, with optional notes. Approving
 * then opens the pickup's booking (day and window, the customer e-mailed); closed unbooked, it is booked later.
 */
export function CancellationRequests({ detail: { order, cancellationRequests } }: { detail: AdminOrderDetail }) {
  // Here, not in the decision's form: that form is gone once the request reads approved.
  const [pickupId, setPickupId] = useState<string | null>(null);
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
              <CancellationDecision orderId={order.id} request={request} onPickup={setPickupId} />
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
      {pickupId && <BookVisitDialog visitId={pickupId} onClose={() => setPickupId(null)} />}
    </DetailSection>
  );
}

function CancellationDecision({
  orderId,
  request,
  onPickup,
}: {
  orderId: string;
  request: AdminCancellationRequest;
  onPickup: (pickupId: string) => void;
}) {
  const [notes, setNotes] = useState('');
  const decide = useDecideCancellation(orderId, onPickup);
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
