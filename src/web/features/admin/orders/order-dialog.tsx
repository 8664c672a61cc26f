import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { AdminOrderDetail, OrderStatus } from '@/contracts/admin/orders';
import { formatCalendarDate } from '@/contracts/dates';
import { LoadError } from '@/web/components/load-error';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Spinner } from '@/web/components/ui/spinner';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/components/ui/use-toast';
import { adminGet, adminKeys, adminRequest, errorMessage } from '../api';
import { formatInstant, formatInstantDate, formatPrice } from '../format';
import { StatusBadge } from '../ui/status-badge';

const statusActions: Record<OrderStatus, { label: string; consequence: string }> = {
  active: { label: 'Mark active', consequence: 'The order becomes active and its held unit, if any, is rented to it.' },
  completed: { label: 'Mark completed', consequence: 'The rental ends today and its unit goes back to available.' },
  cancelled: { label: 'Cancel order', consequence: 'The order is cancelled and its unit goes back to available.' },
  pending: { label: 'Mark pending', consequence: '' },
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `order-section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="grid gap-2 border-t pt-4">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The order opened from the list: everything about it, and what the owner can do with it now. */
export function OrderDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const detail = useQuery({
    queryKey: [...adminKeys.orders, orderId],
    queryFn: () => adminGet<AdminOrderDetail>(`/api/admin/orders/${orderId}`),
    enabled: orderId !== null,
  });
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
          <OrderPanel key={detail.data.order.id} detail={detail.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function OrderPanel({ detail }: { detail: AdminOrderDetail }) {
  const { order, customer } = detail;
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<OrderStatus | null>(null);
  const [unitId, setUnitId] = useState('');
  const [decisionNotes, setDecisionNotes] = useState<Record<string, string>>({});

  const refresh = () =>
    Promise.all(
      [adminKeys.orders, adminKeys.orderList, adminKeys.stats, adminKeys.units, adminKeys.customers].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  const action = useMutation({
    mutationFn: (request: { method: string; url: string; body?: unknown; done: string }) =>
      adminRequest(request.method, request.url, request.body),
    onSuccess: async (_data, request) => {
      setConfirming(null);
      setUnitId('');
      toast({ title: 'Saved', description: request.done });
      await refresh();
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: errorMessage(error, 'The change could not be saved'),
        variant: 'destructive',
      }),
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex flex-wrap items-center gap-3">
          Order {order.orderNumber} <StatusBadge status={order.status} />
        </DialogTitle>
        <DialogDescription>
          Placed {formatInstantDate(order.createdAt)} · {order.type === 'weekly' ? 'Weekly' : 'Monthly'} plan ·{' '}
          {formatPrice(order.priceCents, order.type)}
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-4 text-sm">
        <div className="grid gap-4 sm:grid-cols-2">
          <section aria-labelledby="order-customer" className="grid gap-1">
            <h3 id="order-customer" className="font-semibold">
              Customer
            </h3>
            <p>{customer.name}</p>
            <p className="break-all">{customer.email}</p>
            <p>{customer.phone ?? 'No phone on file'}</p>
          </section>
          <section aria-labelledby="order-rental" className="grid gap-1">
            <h3 id="order-rental" className="font-semibold">
              Rental
            </h3>
            <p>
              {detail.model.name} ({order.btuTier})
            </p>
            <p>
              Starts {formatCalendarDate(order.startDate)}
              {order.endDate && <> · ends {formatCalendarDate(order.endDate)}</>} · {order.monthsMin}-month minimum
            </p>
            <p>
              {order.address}, {order.city} {order.zipCode}
            </p>
            {order.buildingNotes && <p className="text-muted-foreground">{order.buildingNotes}</p>}
          </section>
        </div>

        <Section title="Agreement">
          {detail.agreement ? (
            <p className="flex flex-wrap items-center gap-3">
              Signed by {detail.agreement.typedName} on {formatInstant(detail.agreement.signedAt)} (version{' '}
              {detail.agreement.version})
              {detail.agreement.pdfUrl ? (
                <a
                  href={detail.agreement.pdfUrl}
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
        </Section>

        <Section title="Unit">
          <p>
            {detail.unit ? (
              <>
                <span className="font-medium">{detail.unit.serial}</span> <StatusBadge status={detail.unit.status} />
              </>
            ) : (
              'Not assigned'
            )}
          </p>
          {order.status === 'active' &&
            (detail.assignableUnits.length === 0 ? (
              <p className="text-muted-foreground">No available unit of this model to assign.</p>
            ) : (
              <div className="flex flex-wrap items-end gap-2">
                <div className="grid min-w-56 gap-1.5">
                  <Label htmlFor="assign-unit">{detail.unit ? 'Swap for unit' : 'Assign unit'}</Label>
                  <Select value={unitId} onValueChange={setUnitId}>
                    <SelectTrigger id="assign-unit">
                      <SelectValue placeholder="Choose an available unit" />
                    </SelectTrigger>
                    <SelectContent>
                      {detail.assignableUnits.map((unit) => (
                        <SelectItem key={unit.id} value={unit.id}>
                          {unit.serial} ({unit.btu.toLocaleString('en-US')} BTU)
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
                <Button
                  disabled={!unitId || action.isPending}
                  onClick={() =>
                    action.mutate({
                      method: 'POST',
                      url: `/api/admin/orders/${order.id}/unit`,
                      body: { unitId },
                      done: detail.unit ? 'Unit swapped' : 'Unit assigned',
                    })
                  }
                >
                  {detail.unit ? 'Swap Unit' : 'Assign Unit'}
                </Button>
              </div>
            ))}
        </Section>

        <Section title="Status">
          {detail.allowedStatuses.length === 0 ? (
            <p className="text-muted-foreground">This order is {order.status}; its status no longer changes.</p>
          ) : confirming ? (
            <div role="group" aria-label="Confirm status change" className="grid gap-2 rounded-md border p-3">
              <p>{statusActions[confirming].consequence}</p>
              <div className="flex gap-2">
                <Button
                  variant={confirming === 'cancelled' ? 'destructive' : 'default'}
                  disabled={action.isPending}
                  onClick={() =>
                    action.mutate({
                      method: 'POST',
                      url: `/api/admin/orders/${order.id}/status`,
                      body: { status: confirming },
                      done: `Order marked ${confirming}`,
                    })
                  }
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
              {detail.allowedStatuses.map((status) => (
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
        </Section>

        <Section title="Delivery tasks">
          {detail.deliveryTasks.length === 0 ? (
            <p className="text-muted-foreground">No delivery tasks.</p>
          ) : (
            <ul className="grid gap-2">
              {detail.deliveryTasks.map((task) => (
                <li key={task.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
                  <span>
                    <span className="font-medium capitalize">{task.type}</span>
                    {task.scheduledDate && <> · {formatCalendarDate(task.scheduledDate)}</>}{' '}
                    <StatusBadge status={task.status} />
                    {task.notes && <span className="block text-muted-foreground">{task.notes}</span>}
                  </span>
                  {(task.status === 'pending' || task.status === 'scheduled') && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={action.isPending}
                      onClick={() =>
                        action.mutate({
                          method: 'POST',
                          url: `/api/admin/delivery-tasks/${task.id}/complete`,
                          done: `The ${task.type} is marked done`,
                        })
                      }
                    >
                      Mark done
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title="Cancellation requests">
          {detail.cancellationRequests.length === 0 ? (
            <p className="text-muted-foreground">No cancellation requests.</p>
          ) : (
            <ul className="grid gap-2">
              {detail.cancellationRequests.map((request) => (
                <li key={request.id} className="grid gap-2 rounded-md border p-3">
                  <p className="flex flex-wrap items-center gap-2">
                    Requested {formatInstantDate(request.requestDate)} to end{' '}
                    {formatCalendarDate(request.effectiveDate)} <StatusBadge status={request.status} />
                  </p>
                  {request.reason && <p className="text-muted-foreground">“{request.reason}”</p>}
                  {request.status === 'pending' ? (
                    <>
                      <Label htmlFor={`decision-notes-${request.id}`}>Notes (optional)</Label>
                      <Textarea
                        id={`decision-notes-${request.id}`}
                        rows={2}
                        value={decisionNotes[request.id] ?? ''}
                        onChange={(event) => setDecisionNotes({ ...decisionNotes, [request.id]: event.target.value })}
                      />
                      <div className="flex gap-2">
                        {(['approved', 'declined'] as const).map((decision) => (
                          <Button
                            key={decision}
                            size="sm"
                            variant={decision === 'approved' ? 'default' : 'outline'}
                            disabled={action.isPending}
                            onClick={() =>
                              action.mutate({
                                method: 'POST',
                                url: `/api/admin/cancellation-requests/${request.id}/decision`,
                                body: { decision, notes: decisionNotes[request.id] },
                                done: `Cancellation request ${decision}`,
                              })
                            }
                          >
                            {decision === 'approved' ? 'Approve' : 'Decline'}
                          </Button>
                        ))}
                      </div>
                    </>
                  ) : (
                    <p className="text-muted-foreground">
                      {request.status === 'approved' ? 'Approved' : 'Declined'}
                      {request.processedBy && <> by {request.processedBy}</>}
                      {request.processedAt && <> on {formatInstant(request.processedAt)}</>}
                      {request.notes && <>: {request.notes}</>}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
    </>
  );
}
