import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreditCard, Download, LogOut, MapPin, Phone, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { business } from '@/contracts/business';
import { formatCalendarDate } from '@/contracts/dates';
import { formatCents } from '@/contracts/money';
import type { PortalView as PortalData } from '@/contracts/portal';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { toast } from '@/web/components/ui/use-toast';
import { apiRequest } from '@/web/lib/api';
import { telHref, useSiteInfo } from '@/web/lib/site-info';
import { CancellationDialog } from './cancellation-dialog';
import { ContactDialog } from './contact-dialog';
import { OrderStatusBadge } from './status-badge';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

const cardBrands: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** Card brands arrive as the provider's ids ('visa', 'amex'); people read them as names. */
function cardBrandLabel(brand: string): string {
  return cardBrands[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

async function openBillingPortal(customerId: string, orderId: string) {
  // Opened before the request so the browser treats it as the click's own window, not a pop-up.
  const tab = window.open('', '_blank');
  try {
    const { url } = await apiRequest<{ url: string }>('POST', '/api/billing-portal', { customerId, orderId });
    if (tab) tab.location.href = url;
    else window.location.href = url;
  } catch (error) {
    tab?.close();
    toast({
      title: `Failed to open billing portal: ${(error as Error).message}`,
      variant: 'destructive',
    });
  }
}

export function PortalView({ view }: { view: PortalData }) {
  const { order, customer, unitModel, agreement, paymentMethod, cancellationRequest } = view;
  const site = useSiteInfo().data;
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const signOut = useMutation({
    mutationFn: () => apiRequest('POST', '/api/portal/logout'),
    onSuccess: () => {
      queryClient.clear();
      navigate('/account-access');
    },
  });
  const isMonthly = order.type === 'monthly';
  const open = order.status === 'active' || order.status === 'pending';

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">My AC Rental Account</h1>
          <p className="mt-2 text-muted-foreground">
            Order <span className="font-mono font-semibold text-foreground">{order.orderNumber}</span> · {customer.name}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <OrderStatusBadge status={order.status} />
          <Button variant="ghost" size="sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            <LogOut aria-hidden="true" /> Sign out
          </Button>
        </div>
      </div>

      {cancellationRequest && (
        <div role="status" className="mt-6 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm">
          <p className="font-semibold">Cancellation requested</p>
          <p className="mt-1">
            Effective {formatCalendarDate(cancellationRequest.effectiveDate)} — pending review by our team.
            {cancellationRequest.earlyTerminationFeeCents > 0 &&
              ` An early-termination fee of ${formatCents(cancellationRequest.earlyTerminationFeeCents)} applies.`}
          </p>
        </div>
      )}

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Rental Details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="divide-y">
              <Row label="Plan">{isMonthly ? 'Monthly AC Rental' : 'Weekly AC Rental'}</Row>
              <Row label="Rate">
                {formatCents(order.priceCents)}/{isMonthly ? 'month' : 'week'}
              </Row>
              <Row label="Start date">{formatCalendarDate(order.startDate)}</Row>
              <Row label="Unit model">
                {unitModel.name} ({order.btuTier} BTU)
              </Row>
              {isMonthly && <Row label="Minimum term">{order.monthsMin} months</Row>}
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Billing</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <dl className="divide-y">
              {isMonthly && (
                <Row label="Next bill date">{order.nextBillDate ? formatCalendarDate(order.nextBillDate) : '—'}</Row>
              )}
              <Row label="Amount">{formatCents(order.priceCents)}</Row>
              <Row label="Payment method">
                <span className="inline-flex items-center gap-2">
                  <CreditCard aria-hidden="true" className="size-4" />
                  {paymentMethod
                    ? `${cardBrandLabel(paymentMethod.brand)} •••• ${paymentMethod.last4}`
                    : '•••• •••• •••• ••••'}
                </span>
              </Row>
            </dl>
            {isMonthly && (
              <Button variant="outline" onClick={() => void openBillingPortal(customer.id, order.id)}>
                Update Payment Method
              </Button>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-5" /> Delivery Address
            </CardTitle>
          </CardHeader>
          <CardContent className="text-sm">
            <p className="font-medium">{order.address}</p>
            <p>
              {order.city}, CA {order.zipCode}
            </p>
            {order.buildingNotes && <p className="mt-2 text-muted-foreground">Notes: {order.buildingNotes}</p>}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <UserRound aria-hidden="true" className="size-5" /> Contact Information
            </CardTitle>
          </CardHeader>
          <CardContent className="text-sm">
            <p>{customer.email}</p>
            <p>{customer.phone ?? 'No phone on file'}</p>
          </CardContent>
        </Card>
      </div>

      <div className="mt-8 flex flex-wrap gap-3">
        {agreement?.pdfUrl ? (
          <Button asChild>
            <a href={agreement.pdfUrl} download>
              <Download aria-hidden="true" /> Download Agreement
            </a>
          </Button>
        ) : (
          <Button onClick={() => toast({ title: 'Agreement PDF not available', variant: 'destructive' })}>
            <Download aria-hidden="true" /> Download Agreement
          </Button>
        )}
        <ContactDialog
          orderId={order.id}
          current={{ name: customer.name, email: customer.email, phone: customer.phone ?? '' }}
        />
        {open && !cancellationRequest && <CancellationDialog view={view} />}
      </div>

      <section aria-labelledby="support-heading" className="mt-10 rounded-lg border bg-secondary p-6">
        <h2 id="support-heading" className="text-lg font-semibold text-secondary-foreground">
          Need help?
        </h2>
        <p className="mt-2 text-sm text-secondary-foreground">
          24/7 support for breakdowns; office hours {business.officeHours}. Maintenance and repairs are free.
        </p>
        {site && (
          <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium">
            <a className="inline-flex items-center gap-2 underline" href={telHref(site.phone)}>
              <Phone aria-hidden="true" className="size-4" /> {site.phone}
            </a>
            <a className="underline" href={`mailto:${site.email}`}>
              {site.email}
            </a>
          </p>
        )}
      </section>
    </div>
  );
}
