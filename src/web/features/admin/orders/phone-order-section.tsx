import { Check, Circle, Send } from 'lucide-react';
import { useState } from 'react';
import { phoneLinkStatuses, type AdminOrderDetail, type AdminPhoneOrder } from '@/contracts/admin/orders';
import { Button } from '@/web/components/ui/button';
import { formatInstant } from '../format';
import { DetailSection } from '../ui/detail-section';
import { IconButton } from '../ui/icon-button';
import { useChangeOrderStatus, useOrderActionPending, useResendOrderLink } from './api';
import { CopyLink } from './copy-link';

/** The link's steps in order, each done once the link's status has reached it; the time where the server has one. */
function linkSteps(phoneOrder: AdminPhoneOrder) {
  const reached = phoneLinkStatuses.indexOf(phoneOrder.linkStatus);
  return [
    { label: 'Link sent', at: phoneOrder.linkSentAt },
    { label: 'Opened', at: phoneOrder.linkOpenedAt },
    { label: 'Signed', at: phoneOrder.linkSignedAt },
    { label: 'Paid', at: null },
  ].map((step, index) => ({ ...step, done: index <= reached }));
}

/** An order taken by phone: where its link stands, the unit's hold, the link, and sending it again or cancelling. */
export function PhoneOrderSection({ detail: { order, phoneOrder } }: { detail: AdminOrderDetail }) {
  if (!phoneOrder) return null;
  const pending = order.status === 'pending';
  return (
    <DetailSection heading="Phone order" className="border-t pt-4">
      <ol aria-label="Link progress" className="grid gap-1 sm:grid-cols-4">
        {linkSteps(phoneOrder).map((step) => (
          <li key={step.label} className="flex items-start gap-2">
            {step.done ? (
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            ) : (
              <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            )}
            <span>
              {step.label}
              <span className="sr-only">{step.done ? ': done' : ': not yet'}</span>
              {step.done && step.at && (
                <span className="block text-xs text-muted-foreground">{formatInstant(step.at)}</span>
              )}
            </span>
          </li>
        ))}
      </ol>
      {pending && (
        <p>
          {phoneOrder.heldUntil
            ? `The unit is held until ${formatInstant(phoneOrder.heldUntil)}.`
            : 'The hold on the unit has ended.'}
        </p>
      )}
      {phoneOrder.linkUrl && (
        <CopyLink id={`order-link-${order.id}`} label="Link to sign and pay" url={phoneOrder.linkUrl} />
      )}
      {pending && <PendingPhoneOrderActions orderId={order.id} />}
    </DetailSection>
  );
}

/** A new link (the old one stops working), or cancelling the order, which releases its unit: confirmed first. */
function PendingPhoneOrderActions({ orderId }: { orderId: string }) {
  const [confirming, setConfirming] = useState(false);
  const resend = useResendOrderLink(orderId);
  const cancel = useChangeOrderStatus(orderId, { onSuccess: () => setConfirming(false) });
  const busy = useOrderActionPending(orderId);

  if (confirming) {
    return (
      <div role="group" aria-label="Confirm cancelling the order" className="grid gap-2 rounded-md border p-3">
        <p>The order is cancelled, its unit goes back to available and the link stops working.</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="destructive" disabled={busy} onClick={() => cancel.mutate('cancelled')}>
            Confirm: Cancel order
          </Button>
          <Button variant="outline" onClick={() => setConfirming(false)}>
            Keep the order
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <IconButton icon={Send} variant="outline" disabled={busy} onClick={() => resend.mutate()}>
        {resend.isPending ? 'Sending...' : 'Send link again'}
      </IconButton>
      <Button variant="destructive" onClick={() => setConfirming(true)}>
        Cancel order
      </Button>
    </div>
  );
}
