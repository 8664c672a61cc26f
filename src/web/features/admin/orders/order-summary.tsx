import { FileText } from 'lucide-react';
import type { AdminOrderDetail } from '@/contracts/admin/orders';
import { formatCalendarDate } from '@/contracts/dates';
import { DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { formatCents } from '@/contracts/money';
import { formatInstant, formatInstantDate, formatPrice } from '../format';
import { DetailSection } from '../ui/detail-section';
import { EmailAddress } from '../ui/email-address';
import { StatusBadge } from '../ui/status-badge';
import { Badge } from '@/web/components/ui/badge';
import { unitReturnText } from '@/contracts/unit-return';

/**
 * The dialog's title: the order number, its status (and why the system cancelled it), when placed, its plan. An ended
 * rental whose unit is still at the customer's says where its pickup stands, not "Completed" (issue 33).
 */
export function OrderHeader({ detail: { order, unitReturn } }: { detail: AdminOrderDetail }) {
  return (
    <DialogHeader>
      <DialogTitle className="flex flex-wrap items-center gap-3">
        Order {order.orderNumber}{' '}
        {unitReturn ? (
          <Badge variant="outline" className="border-amber-500">
            {unitReturnText(unitReturn)}
          </Badge>
        ) : (
          <StatusBadge status={order.status} />
        )}
      </DialogTitle>
      <DialogDescription>
        Placed {formatInstantDate(order.createdAt)} · {order.type === 'weekly' ? 'Weekly' : 'Monthly'} plan ·{' '}
        {formatPrice(order.priceCents, order.type)}
      </DialogDescription>
      {order.cancelReason && <p className="text-sm">Cancelled by the system: {order.cancelReason}</p>}
    </DialogHeader>
  );
}

/** Who rents what, where, and the agreement they signed. */
export function OrderSummary({ detail }: { detail: AdminOrderDetail }) {
  const { order, customer, agreement } = detail;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <DetailSection heading="Customer" className="gap-1">
          <p>{customer.name}</p>
          <p>
            <EmailAddress email={customer.email} />
          </p>
          <p>{customer.phone ?? 'No phone on file'}</p>
        </DetailSection>
        <DetailSection heading="Rental" className="gap-1">
          <p>
            {detail.model.name} ({order.btuTier})
          </p>
          <p>
            Starts {formatCalendarDate(order.startDate)}
            {order.endDate && <> · ends {formatCalendarDate(order.endDate)}</>} ·{' '}
            {order.monthsMin > 0 ? `${order.monthsMin}-month minimum` : 'no minimum term'}
          </p>
          <p>
            {order.address}, {order.city} {order.zipCode}
          </p>
          {order.buildingNotes && <p className="text-muted-foreground">{order.buildingNotes}</p>}
          <p>
            {order.deliveryChargeCents > 0
              ? `Delivery charge ${formatCents(order.deliveryChargeCents)}, on the first invoice`
              : 'Free delivery'}
            {order.deliveryMiles !== null && <> · {order.deliveryMiles} miles from the depot</>}
          </p>
        </DetailSection>
      </div>

      <DetailSection heading="Agreement" className="border-t pt-4">
        {agreement ? (
          <p className="flex flex-wrap items-center gap-3">
            Signed by {agreement.typedName} on {formatInstant(agreement.signedAt)} (version {agreement.version})
            {agreement.pdfUrl ? (
              <a
                href={agreement.pdfUrl}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
              >
                <FileText aria-hidden="true" className="size-4" />
                Open agreement PDF
              </a>
            ) : (
              <span className="text-muted-foreground">Agreement PDF not available</span>
            )}
          </p>
        ) : (
          <p className="text-muted-foreground">No signed agreement.</p>
        )}
      </DetailSection>
    </>
  );
}
