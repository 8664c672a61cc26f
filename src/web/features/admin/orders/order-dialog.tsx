import { Fragment } from 'react';
import { LoadError } from '@/web/components/load-error';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { Spinner } from '@/web/components/ui/spinner';
import { AuditLog } from '../audit-log';
import { useOrder } from './api';
import { CancellationRequests } from './cancellation-requests';
import { BillingSection } from './billing-section';
import { DeliveryTasks } from './delivery-tasks';
import { OrderHeader, OrderSummary } from './order-summary';
import { PhoneOrderSection } from './phone-order-section';
import { StatusChange } from './status-change';
import { UnitAssignment } from './unit-assignment';

/** The order opened from the list: everything about it, and what the owner can do with it now. */
export function OrderDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const detail = useOrder(orderId);
  return (
    <Dialog open={orderId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        {detail.isPending ? (
          <>
            <DialogTitle className="sr-only">Order</DialogTitle>
            <DialogDescription className="sr-only">Loading the order</DialogDescription>
            <Spinner label="Loading order..." className="py-16" />
          </>
        ) : detail.isError ? (
          <>
            <DialogTitle>Order</DialogTitle>
            <DialogDescription className="sr-only">The order could not load</DialogDescription>
            <LoadError
              title="This order could not load"
              message={detail.error.message}
              onRetry={() => void detail.refetch()}
            />
          </>
        ) : (
          // Keyed by order, so a section's half-made choice never carries over to another order.
          <Fragment key={detail.data.order.id}>
            <OrderHeader detail={detail.data} />
            <div className="grid gap-4 text-sm">
              <OrderSummary detail={detail.data} />
              <PhoneOrderSection detail={detail.data} />
              <UnitAssignment detail={detail.data} />
              <StatusChange detail={detail.data} />
              <BillingSection detail={detail.data} />
              <DeliveryTasks detail={detail.data} />
              <CancellationRequests detail={detail.data} />
              <AuditLog subject="order" id={detail.data.order.id} />
            </div>
          </Fragment>
        )}
      </DialogContent>
    </Dialog>
  );
}
