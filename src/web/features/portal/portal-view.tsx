import { useTranslation } from 'react-i18next';
import { btuRange } from '@/web/lib/tier-details';
import { formatCalendarDateIn } from '@/i18n/format';
import { usePortalLocale, useSaveLocaleChoice } from './locale';
import { CreditCard, LogOut, MapPin, Phone, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { business } from '@/contracts/business';
import { formatCents } from '@/contracts/money';
import type { PortalView as PortalData } from '@/contracts/portal';
import { DetailRow } from '@/web/components/detail-row';
import { DownloadAgreementButton } from '@/web/components/download-agreement-button';
import { ProductArt } from '@/web/components/product-art';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { telHref, useSiteInfo } from '@/web/lib/site-info';
import { cn } from '@/web/lib/utils';
import { useOpenBillingPortal, useSignOut } from './api';
import { BillingHistory, BillingStatusBadge } from './billing-history';
import { CancellationDialog } from './cancellation-dialog';
import { ContactDialog } from './contact-dialog';
import { PastDueBanner } from './past-due-banner';
import { ServiceVisits } from './service-visits';
import { OrderStatusBadge } from './status-badge';

/** One of the portal's cards; an icon before the title when given. */
function PortalCard({
  title,
  icon,
  className,
  children,
}: {
  title: string;
  icon?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className={cn(icon && 'flex items-center gap-2')}>
          {icon}
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </Card>
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

function CancellationBanner({ request }: { request: NonNullable<PortalData['cancellationRequest']> }) {
  const { t } = useTranslation('portal');
  const locale = usePortalLocale();
  const fee =
    request.earlyTerminationFeeCents > 0
      ? ` ${t('cancellation.fee', { fee: formatCents(request.earlyTerminationFeeCents) })}`
      : '';
  const date = formatCalendarDateIn(locale, request.effectiveDate);
  const { title, text } =
    request.status === 'approved'
      ? { title: t('cancellation.approvedTitle'), text: `${t('cancellation.approvedText', { date })}${fee}` }
      : request.status === 'declined'
        ? {
            title: t('cancellation.declinedTitle'),
            text: `${t('cancellation.declinedText', { date })}${request.decisionNote ? ` ${request.decisionNote}` : ''}`,
          }
        : { title: t('cancellation.requestedTitle'), text: `${t('cancellation.requestedText', { date })}${fee}` };
  return (
    <div role="status" className="mt-6 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm">
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{text}</p>
    </div>
  );
}

export function PortalView({ view }: { view: PortalData }) {
  const { order, customer, unitModel, agreement, paymentMethod, cancellationRequest, billing, fees } = view;
  const site = useSiteInfo().data;
  const [, navigate] = useLocation();
  const signOut = useSignOut({ onSuccess: () => navigate('/account-access') });
  const openBillingPortal = useOpenBillingPortal();
  const isMonthly = order.type === 'monthly';
  const open = order.status === 'active' || order.status === 'pending';
  const { t } = useTranslation('portal');
  const locale = usePortalLocale();
  const date = (iso: string) => formatCalendarDateIn(locale, iso);
  // The customer is signed in: a language switched to here is saved on their account, and e-mails follow it.
  useSaveLocaleChoice(true);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
          <p className="mt-2 text-muted-foreground">
            {t('order')} <span className="font-mono font-semibold text-foreground">{order.orderNumber}</span> ·{' '}
            {customer.name}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <OrderStatusBadge status={order.status} />
          <Button variant="ghost" size="sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            <LogOut aria-hidden="true" /> {t('signOut')}
          </Button>
        </div>
      </div>

      <PastDueBanner
        billing={billing}
        onUpdatePaymentMethod={() => openBillingPortal({ customerId: customer.id, orderId: order.id })}
      />
      {cancellationRequest && <CancellationBanner request={cancellationRequest} />}

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <PortalCard title={t('details.title')}>
          <ProductArt
            model={{ name: unitModel.name, btuTier: order.btuTier, photoUrl: unitModel.photoUrl }}
            size="sm"
            className="mb-2"
          />
          <dl className="divide-y">
            <DetailRow label={t('details.plan')}>
              {isMonthly ? t('details.monthlyPlan') : t('details.weeklyPlan')}
            </DetailRow>
            <DetailRow label={t('details.rate')}>
              {t(isMonthly ? 'details.perMonth' : 'details.perWeek', { price: formatCents(order.priceCents) })}
            </DetailRow>
            <DetailRow label={t('details.startDate')}>{date(order.startDate)}</DetailRow>
            <DetailRow label={t('details.unitModel')}>
              {unitModel.name} ({btuRange(order.btuTier)})
            </DetailRow>
            {isMonthly && (
              <DetailRow label={t('details.minimumTerm')}>{t('details.months', { count: order.monthsMin })}</DetailRow>
            )}
          </dl>
        </PortalCard>

        <PortalCard title={t('billing.title')} className="grid gap-4">
          <dl className="divide-y">
            {isMonthly && (
              <DetailRow label={t('billing.nextBillDate')}>
                {order.nextBillDate ? date(order.nextBillDate) : '—'}
              </DetailRow>
            )}
            <DetailRow label={t('billing.status')}>
              <BillingStatusBadge status={billing.status} />
            </DetailRow>
            <DetailRow label={t('billing.amount')}>
              {formatCents(billing.nextAmountCents ?? order.priceCents)}
            </DetailRow>
            {billing.endsAt && <DetailRow label={t('billing.billingEnds')}>{date(billing.endsAt)}</DetailRow>}
            <DetailRow label={t('billing.paymentMethod')}>
              <span className="inline-flex items-center gap-2">
                <CreditCard aria-hidden="true" className="size-4" />
                {paymentMethod
                  ? `${cardBrandLabel(paymentMethod.brand)} •••• ${paymentMethod.last4}`
                  : '•••• •••• •••• ••••'}
              </span>
            </DetailRow>
          </dl>
          {isMonthly && (
            <Button variant="outline" onClick={() => openBillingPortal({ customerId: customer.id, orderId: order.id })}>
              {t('billing.updatePaymentMethod')}
            </Button>
          )}
        </PortalCard>

        <PortalCard
          title={t('address.title')}
          icon={<MapPin aria-hidden="true" className="size-5" />}
          className="text-sm"
        >
          <p className="font-medium">{order.address}</p>
          <p>
            {order.city}, CA {order.zipCode}
          </p>
          {order.buildingNotes && (
            <p className="mt-2 text-muted-foreground">{t('address.notes', { notes: order.buildingNotes })}</p>
          )}
        </PortalCard>

        <PortalCard
          title={t('contact.title')}
          icon={<UserRound aria-hidden="true" className="size-5" />}
          className="text-sm"
        >
          <p>{customer.email}</p>
          <p>{customer.phone ?? t('contact.noPhone')}</p>
        </PortalCard>
      </div>

      <div className="mt-8 flex flex-wrap gap-3">
        <DownloadAgreementButton pdfUrl={agreement?.pdfUrl} />
        <ContactDialog
          orderId={order.id}
          current={{ name: customer.name, email: customer.email, phone: customer.phone ?? '' }}
        />
        {open && (!cancellationRequest || cancellationRequest.status === 'declined') && (
          <CancellationDialog view={view} />
        )}
      </div>

      <div className="mt-10">
        <ServiceVisits orderId={order.id} />
      </div>

      <div className="mt-10">
        <BillingHistory billing={billing} fees={fees} />
      </div>

      <section aria-labelledby="support-heading" className="mt-10 rounded-lg border bg-secondary p-6">
        <h2 id="support-heading" className="text-lg font-semibold text-secondary-foreground">
          {t('help.title')}
        </h2>
        <p className="mt-2 text-sm text-secondary-foreground">{t('help.text', { hours: business.officeHours })}</p>
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
