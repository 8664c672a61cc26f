import type { AdminOrderDetail } from '@/contracts/admin/orders';
import { formatCalendarDate } from '@/contracts/dates';
import { Button } from '@/web/components/ui/button';
import { DetailSection } from '../ui/detail-section';
import { ItemList } from '../ui/item-list';
import { StatusBadge } from '../ui/status-badge';
import { useCompleteDeliveryTask, useOrderActionPending } from './api';

/** The order's deliveries and pick-ups; an open one can be marked done. */
export function DeliveryTasks({ detail: { order, deliveryTasks } }: { detail: AdminOrderDetail }) {
  const complete = useCompleteDeliveryTask(order.id);
  const pending = useOrderActionPending(order.id);

  return (
    <DetailSection heading="Delivery tasks" className="border-t pt-4">
      <ItemList items={deliveryTasks} empty="No delivery tasks.">
        {(task) => (
          <>
            <span>
              <span className="font-medium capitalize">{task.type}</span>
              {task.scheduledDate && <> · {formatCalendarDate(task.scheduledDate)}</>}{' '}
              <StatusBadge status={task.status} />
              {task.notes && <span className="block text-muted-foreground">{task.notes}</span>}
            </span>
            {(task.status === 'pending' || task.status === 'scheduled') && (
              <Button size="sm" variant="outline" disabled={pending} onClick={() => complete.mutate(task)}>
                Mark done
              </Button>
            )}
          </>
        )}
      </ItemList>
    </DetailSection>
  );
}
