import { Mail, Phone, UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { AdminCustomerDetail } from '@/contracts/admin/customers';
import { feeTypeLabels, type FeeType } from '@/contracts/fee-types';
import { formatCents } from '@/contracts/money';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { AuditLog } from '../audit-log';
import { formatInstantDate, formatPrice } from '../format';
import { useIsAdminRole } from '../me-api';
import { DetailSection } from '../ui/detail-section';
import { EmailAddress } from '../ui/email-address';
import { ItemList } from '../ui/item-list';
import { QueryState } from '../ui/query-state';
import { StatusBadge } from '../ui/status-badge';
import { AddFeeDialog } from './add-fee-dialog';
import { useCustomer } from './api';
import { SendEmailDialog } from './send-email-dialog';

/**
 * The detail panel: contact information, the 3 most recent orders, the additional fees, the two actions (adding a
 * fee is the admin role's) and the customer's history.
 */
export function CustomerDetail({ customerId }: { customerId: string | null }) {
  const detail = useCustomer(customerId);
  const panel = useRef<HTMLDivElement>(null);

  // On a phone the panel sits under the list, out of sight: a customer opened is brought on screen, and the
  // keyboard focus moves there on any screen, so the next Tab reaches the customer's actions.
  useEffect(() => {
    const element = panel.current;
    if (!customerId || !element) return;
    const { top } = element.getBoundingClientRect();
    if (top < 0 || top > window.innerHeight - 120) element.scrollIntoView({ block: 'start' });
    element.focus({ preventScroll: true });
  }, [customerId]);

  return (
    <div ref={panel} tabIndex={-1} className="min-w-0 scroll-mt-4 outline-none">
      <CustomerPanel customerId={customerId} detail={detail} />
    </div>
  );
}

function CustomerPanel({ customerId, detail }: { customerId: string | null; detail: ReturnType<typeof useCustomer> }) {
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
  return (
    <QueryState
      query={detail}
      loadingLabel="Loading customer..."
      errorTitle="This customer could not load"
      spinnerClassName="py-16"
    >
      {(customer) => <CustomerCard customer={customer} />}
    </QueryState>
  );
}

function CustomerCard({ customer }: { customer: AdminCustomerDetail }) {
  const isAdminRole = useIsAdminRole();
  return (
    <Card role="region" aria-labelledby="customer-detail-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="customer-detail-title">{customer.name}</h2>
        </CardTitle>
        <CardDescription>Customer since {formatInstantDate(customer.createdAt)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <DetailSection heading="Contact information">
          <p className="flex min-w-0 items-center gap-2">
            <Mail aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <a className="min-w-0 text-primary underline-offset-4 hover:underline" href={`mailto:${customer.email}`}>
              <EmailAddress email={customer.email} />
            </a>
          </p>
          <p className="flex items-center gap-2">
            <Phone aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            {customer.phone ?? 'No phone on file'}
          </p>
          <div className="flex flex-wrap gap-2 pt-2">
            <SendEmailDialog customer={customer} />
            {isAdminRole && <AddFeeDialog customer={customer} />}
          </div>
        </DetailSection>

        <DetailSection
          heading={
            <>
              Recent orders{' '}
              <span className="font-normal text-muted-foreground">
                ({Math.min(3, customer.orderCount)} of {customer.orderCount})
              </span>
            </>
          }
        >
          <ItemList items={customer.orders} empty="No orders yet.">
            {(order) => (
              <>
                <span>
                  <span className="font-medium">{order.orderNumber}</span> · {order.btuTier} ·{' '}
                  {formatPrice(order.priceCents, order.type)}
                  <span className="block text-muted-foreground">Ordered {formatInstantDate(order.createdAt)}</span>
                </span>
                <StatusBadge status={order.status} />
              </>
            )}
          </ItemList>
        </DetailSection>

        <DetailSection heading="Additional fees">
          <ItemList items={customer.additionalFees} empty="No additional fees.">
            {(fee) => (
              <>
                <span>
                  <span className="font-medium">{formatCents(fee.amountCents)}</span> ·{' '}
                  {feeTypeLabels[fee.feeType as FeeType] ?? fee.feeType}
                  <span className="block text-muted-foreground">{fee.description}</span>
                </span>
                <StatusBadge status={fee.status} />
              </>
            )}
          </ItemList>
        </DetailSection>

        <AuditLog subject="customer" id={customer.id} />
      </CardContent>
    </Card>
  );
}
