import { useState } from 'react';
import type { AdminOrderDetail, OrderStatus } from '@/contracts/admin/orders';
import { Button } from '@/web/components/ui/button';
import { DetailSection } from '../ui/detail-section';
import { useChangeOrderStatus, useOrderActionPending } from './api';

const statusActions: Record<OrderStatus, { label: string; consequence: string }> = {
  active: { label: 'Mark active', consequence: 'The order becomes active and its held unit, if any, is rented to it.' },
  completed: { label: 'Mark completed', consequence: 'The rental ends today and its unit goes back to available.' },
  cancelled: { label: 'Cancel order', consequence: 'The order is cancelled and its unit goes back to available.' },
  pending: { label: 'Mark pending', consequence: '' },
};

/**
 * The statuses the order may move to now, each confirmed with what it will do. A pending phone order is cancelled
 * from its Phone order section, beside its link.
 */
export function StatusChange({
  detail: { order, allowedStatuses: allowed, phoneOrder },
}: {
  detail: AdminOrderDetail;
}) {
  const allowedStatuses =
    phoneOrder && order.status === 'pending' ? allowed.filter((status) => status !== 'cancelled') : allowed;
  const [confirming, setConfirming] = useState<OrderStatus | null>(null);
  const change = useChangeOrderStatus(order.id, { onSuccess: () => setConfirming(null) });
  const pending = useOrderActionPending(order.id);

  return (
    <DetailSection heading="Status" className="border-t pt-4">
      {allowedStatuses.length === 0 ? (
        <p className="text-muted-foreground">This order is {order.status}; its status no longer changes.</p>
      ) : confirming ? (
        <div role="group" aria-label="Confirm status change" className="grid gap-2 rounded-md border p-3">
          <p>{statusActions[confirming].consequence}</p>
          <div className="flex gap-2">
            <Button
              variant={confirming === 'cancelled' ? 'destructive' : 'default'}
              disabled={pending}
              onClick={() => change.mutate(confirming)}
            >
              Confirm: {statusActions[confirming].label}
            </Button>
            <Button variant="outline" onClick={() => setConfirming(null)}>
              Keep as {order.status}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {allowedStatuses.map((status) => (
            <Button
              key={status}
              variant={status === 'cancelled' ? 'destructive' : 'outline'}
              onClick={() => setConfirming(status)}
            >
              {statusActions[status].label}
            </Button>
          ))}
        </div>
      )}
    </DetailSection>
  );
}
