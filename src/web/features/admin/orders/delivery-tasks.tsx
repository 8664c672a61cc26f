import { useState } from 'react';
import type { AdminOrderDetail } from '@/contracts/admin/orders';
import { formatCalendarDate } from '@/contracts/dates';
import { Button } from '@/web/components/ui/button';
import { BookVisitDialog } from '../ui/book-visit-dialog';
import { DetailSection } from '../ui/detail-section';
import { ItemList } from '../ui/item-list';
import { StatusBadge } from '../ui/status-badge';
import { useCompleteDeliveryTask, useOrderActionPending } from './api';

/**
 * The order's deliveries and pick-ups; an open one can be marked done. A pickup with no day says so and opens its
 * booking (day and window, the customer e-mailed), the Deliveries tab's.
 */
export function DeliveryTasks({ detail: { order, deliveryTasks } }: { detail: AdminOrderDetail }) {
  const complete = useCompleteDeliveryTask(order.id);
  const pending = useOrderActionPending(order.id);
  const [booking, setBooking] = useState<string | null>(null);

  return (
    <DetailSection heading="Delivery tasks" className="border-t pt-4">
      <ItemList items={deliveryTasks} empty="No delivery tasks.">
        {(task) => (
          <>
            <span>
              <span className="font-medium capitalize">{task.type}</span>
              {task.status === 'pending' && task.type === 'pickup' ? (
                <> · not scheduled yet</>
              ) : (
                task.scheduledDate && (
                  <>
                    {' '}
                    · {formatCalendarDate(task.scheduledDate)}
                    {task.timeWindow && <>, {task.timeWindow}</>}
                  </>
                )
              )}{' '}
              <StatusBadge status={task.status} />
              {task.notes && <span className="block text-muted-foreground">{task.notes}</span>}
            </span>
            {task.status === 'pending' && task.type === 'pickup' && (
              <Button size="sm" variant="outline" onClick={() => setBooking(task.id)}>
                Book pickup
              </Button>
            )}
            {(task.status === 'pending' || task.status === 'scheduled') && (
              <Button size="sm" variant="outline" disabled={pending} onClick={() => complete.mutate(task)}>
                Mark done
              </Button>
            )}
          </>
        )}
      </ItemList>
      {booking && <BookVisitDialog visitId={booking} onClose={() => setBooking(null)} />}
    </DetailSection>
  );
}
