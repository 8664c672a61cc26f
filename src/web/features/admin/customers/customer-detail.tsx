import { useQuery } from '@tanstack/react-query';
import { Mail, Phone, UserRound } from 'lucide-react';
import type { AdminCustomerDetail } from '@/contracts/admin/customers';
import { feeTypeLabels, type FeeType } from '@/contracts/admin/fees';
import { formatCents } from '@/contracts/money';
import { LoadError } from '@/web/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { adminGet, adminKeys } from '../api';
import { formatInstantDate, formatPrice } from '../format';
import { StatusBadge } from '../ui/status-badge';
import { AddFeeDialog } from './add-fee-dialog';
import { SendEmailDialog } from './send-email-dialog';

/** The detail panel: contact information, the 3 most recent orders, the additional fees, and the two actions. */
export function CustomerDetail({ customerId }: { customerId: string | null }) {
  const detail = useQuery({
    queryKey: [...adminKeys.customers, customerId],
    queryFn: () => adminGet<AdminCustomerDetail>(`/api/admin/customers/${customerId}`),
    enabled: customerId !== null,
  });

  if (!customerId) {
    return (
      <Card aria-label="Customer details">
        <CardContent className="flex flex-col items-center gap-2 py-12 text-center text-muted-foreground">
          <UserRound aria-hidden="true" className="size-8" />
          <p>Choose a customer to see their details, orders and fees.</p>
        </CardContent>
      </Card>
    );
  }
  if (detail.isPending) return <Spinner label="Loading customer..." className="py-16" />;
  if (detail.isError) {
    return (
      <LoadError
        title="This customer could not load"
        message={detail.error.message}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  const customer = detail.data;
  return (
    <Card role="region" aria-labelledby="customer-detail-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="customer-detail-title">{customer.name}</h2>
        </CardTitle>
        <CardDescription>Customer since {formatInstantDate(customer.createdAt)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section aria-labelledby="contact-heading" className="grid gap-2">
          <h3 id="contact-heading" className="font-semibold">
            Contact information
          </h3>
          <p className="flex items-center gap-2 break-all">
            <Mail aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <a className="text-primary underline-offset-4 hover:underline" href={`mailto:${customer.email}`}>
              {customer.email}
            </a>
          </p>
          <p className="flex items-center gap-2">
            <Phone aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            {customer.phone ?? 'No phone on file'}
          </p>
          <div className="flex flex-wrap gap-2 pt-2">
            <SendEmailDialog customer={customer} />
            <AddFeeDialog customer={customer} />
          </div>
        </section>

        <section aria-labelledby="orders-heading" className="grid gap-2">
          <h3 id="orders-heading" className="font-semibold">
            Recent orders{' '}
            <span className="font-normal text-muted-foreground">
              ({Math.min(3, customer.orderCount)} of {customer.orderCount})
            </span>
          </h3>
          {customer.orders.length === 0 ? (
            <p className="text-sm text-muted-foreground">No orders yet.</p>
          ) : (
            <ul className="grid gap-2">
              {customer.orders.map((order) => (
                <li
                  key={order.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
                >
                  <span>
                    <span className="font-medium">{order.orderNumber}</span> · {order.btuTier} ·{' '}
                    {formatPrice(order.priceCents, order.type)}
                    <span className="block text-muted-foreground">Ordered {formatInstantDate(order.createdAt)}</span>
                  </span>
                  <StatusBadge status={order.status} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="fees-heading" className="grid gap-2">
          <h3 id="fees-heading" className="font-semibold">
            Additional fees
          </h3>
          {customer.additionalFees.length === 0 ? (
            <p className="text-sm text-muted-foreground">No additional fees.</p>
          ) : (
            <ul className="grid gap-2">
              {customer.additionalFees.map((fee) => (
                <li
                  key={fee.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
                >
                  <span>
                    <span className="font-medium">{formatCents(fee.amountCents)}</span> ·{' '}
                    {feeTypeLabels[fee.feeType as FeeType] ?? fee.feeType}
                    <span className="block text-muted-foreground">{fee.description}</span>
                  </span>
                  <StatusBadge status={fee.status} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
