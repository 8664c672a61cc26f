import { CalendarClock, CheckCircle2, FileText, Mail, Phone, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'wouter';
import type { CheckoutSuccessView } from '@/contracts/checkout';
import { formatCalendarDate } from '@/contracts/dates';
import { formatCents } from '@/contracts/money';
import { DetailRow } from '../components/detail-row';
import { DownloadAgreementButton } from '../components/download-agreement-button';
import { ButtonLink } from '../components/layout/button-link';
import { PublicLayout } from '../components/layout/public-layout';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { PageSpinner } from '../components/ui/spinner';
import { useCheckoutOutcome } from '../features/checkout/api';
import { telHref, useSiteInfo } from '../lib/site-info';
import { useDocumentTitle } from '../lib/use-document-title';

/** /success (spec section 2): the order is found on the server from the provider's session id. */
export default function SuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id') ?? '';
  const outcome = useCheckoutOutcome(sessionId);
  const view = outcome.data;
  const stillConfirming = view?.status === 'pending';
  const { gaveUpWaiting } = outcome;
  useDocumentTitle(view?.status === 'active' ? 'Rental Confirmed' : 'Confirming Your Rental');

  let content: ReactNode;
  if (!sessionId || outcome.isError) {
    content = (
      <Notice title="We could not find that checkout">
        If you paid, your confirmation e-mail has your order number; you can open your rental from{' '}
        <Link href="/account-access" className="font-medium text-primary underline underline-offset-4">
          Access your rental account
        </Link>
        .
      </Notice>
    );
  } else if (!view || (stillConfirming && !gaveUpWaiting)) {
    content = <PageSpinner label="Confirming your payment..." />;
  } else if (view.status === 'pending') {
    content = (
      <Notice title="We are still confirming your payment">
        This is taking longer than usual. Your order number is{' '}
        <span className="font-mono font-semibold">{view.orderNumber}</span>; we will e-mail you as soon as the payment
        is confirmed. Please do not pay again.
      </Notice>
    );
  } else if (view.status === 'active') {
    content = <RentalConfirmed view={view} />;
  } else {
    content = (
      <Notice title="This checkout was not completed">
        The payment time ran out and nothing was charged.{' '}
        <Link href="/checkout" className="font-medium text-primary underline underline-offset-4">
          Start a new rental
        </Link>
        .
      </Notice>
    );
  }

  return (
    <PublicLayout>
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">{content}</div>
    </PublicLayout>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent className="space-y-3 py-8 text-center">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mx-auto max-w-xl text-muted-foreground">{children}</p>
        <SupportContact />
      </CardContent>
    </Card>
  );
}

const nextSteps = [
  { icon: CalendarClock, title: 'Delivery Scheduling', text: 'We will call you within 24 hours to schedule delivery.' },
  { icon: Wrench, title: 'Unit Setup', text: 'Delivery and installation in 1-2 business days.' },
  { icon: FileText, title: 'Documentation', text: 'Your confirmation and signed agreement are e-mailed right away.' },
];

function RentalConfirmed({ view }: { view: CheckoutSuccessView }) {
  const { details } = view;
  return (
    <div className="space-y-8">
      <div className="text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto size-14 text-primary" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Rental Confirmed!</h1>
        <p className="mt-2 text-muted-foreground">
          Order number <span className="font-mono text-lg font-semibold text-foreground">{view.orderNumber}</span>
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Order Details</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {details ? (
            <dl className="divide-y">
              <DetailRow label="Plan">{details.planType === 'monthly' ? 'Monthly' : 'Weekly'}</DetailRow>
              <DetailRow label="BTU tier">{details.btuTier}</DetailRow>
              <DetailRow label="Unit">{details.unitModel}</DetailRow>
              <DetailRow label="Start date">
                {details.startDate ? formatCalendarDate(details.startDate) : 'TBD'}
              </DetailRow>
              <DetailRow label="Rate">{formatCents(details.priceCents)}/month</DetailRow>
              <DetailRow label="Minimum term">{details.monthsMin} months</DetailRow>
              <DetailRow label="Delivery address">
                {details.address}, {details.city}, CA {details.zipCode}
              </DetailRow>
              <DetailRow label="Customer">{details.customerName}</DetailRow>
              {details.buildingNotes && <DetailRow label="Building notes">{details.buildingNotes}</DetailRow>}
            </dl>
          ) : (
            <p className="text-sm text-muted-foreground">
              For your privacy, order details are shown only in the browser used to check out. Sign in to your account
              to see them.
            </p>
          )}
        </CardContent>
      </Card>

      <section aria-labelledby="next-heading">
        <h2 id="next-heading" className="text-xl font-semibold">
          What Happens Next?
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {nextSteps.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-lg border p-4">
              <Icon aria-hidden="true" className="size-6 text-primary" />
              <h3 className="mt-2 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <ButtonLink href={view.signedIn ? `/portal/${view.orderId}` : '/account-access'} size="lg">
          Access My Account
        </ButtonLink>
        <DownloadAgreementButton pdfUrl={view.agreementPdfUrl} size="lg" variant="outline" />
      </div>
      {!view.signedIn && (
        <p className="text-center text-sm text-muted-foreground">
          Open your account with the link in your confirmation e-mail, or with your order number and e-mail.
        </p>
      )}
      <SupportContact />
    </div>
  );
}

function SupportContact() {
  const site = useSiteInfo().data;
  if (!site) return null;
  return (
    <section aria-labelledby="support-heading" className="rounded-lg bg-muted/50 p-4 text-center text-sm">
      <h2 id="support-heading" className="font-semibold">
        Questions? We are here 24/7.
      </h2>
      <p className="mt-2 flex flex-wrap justify-center gap-x-6 gap-y-2">
        <a href={telHref(site.phone)} className="inline-flex items-center gap-2 hover:underline">
          <Phone aria-hidden="true" className="size-4" /> {site.phone}
        </a>
        <a href={`mailto:${site.email}`} className="inline-flex items-center gap-2 hover:underline">
          <Mail aria-hidden="true" className="size-4" /> {site.email}
        </a>
      </p>
    </section>
  );
}
