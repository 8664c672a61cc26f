import { useTranslation } from 'react-i18next';
import { formatCalendarDateIn } from '@/i18n/format';
import { usePortalLocale, useSaveLocaleChoice } from './locale';
import { LogOut, Phone } from 'lucide-react';
import { useLocation } from 'wouter';
import { useBusinessFacts } from '@/web/i18n/business-facts';
import { formatCents } from '@/contracts/money';
import type { PortalView as PortalData } from '@/contracts/portal';
import { DownloadAgreementButton } from '@/web/components/download-agreement-button';
import { Button } from '@/web/components/ui/button';
import { telHref, useSiteInfo } from '@/web/lib/site-info';
import { useOpenBillingPortal, useSignOut } from './api';
import { BillingHistory } from './billing-history';
import { CancellationDialog } from './cancellation-dialog';
import { ContactDialog } from './contact-dialog';
import { PastDueBanner } from './past-due-banner';
import { AddressCard, BillingCard, ContactCard, RentalDetailsCard } from './rental-cards';
import { ServiceVisits } from './service-visits';
import { BillingStatusBadge } from './billing-history';
import { OrderStatusBadge, UnitReturnBadge } from './status-badge';

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

/**
 * The portal's title: the order number and the customer's name, the rental's status, and signing out. An active
 * rental whose billing is past due or suspended says that, not "Active"; an ended one whose unit is still here, where
 * its pickup stands, not "Completed" (issue 33).
 */
function PortalHeader({
  order,
  customer,
  billing,
  unitReturn,
}: Pick<PortalData, 'order' | 'customer' | 'billing' | 'unitReturn'>) {
  const { t } = useTranslation('portal');
  const [, navigate] = useLocation();
  const signOut = useSignOut({ onSuccess: () => navigate('/account-access') });
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="mt-2 text-muted-foreground">
          {t('order')} <span className="font-mono font-semibold text-foreground">{order.orderNumber}</span> ·{' '}
          {customer.name}
        </p>
      </div>
      <div className="flex items-center gap-3">
        {unitReturn ? (
          <UnitReturnBadge state={unitReturn} />
        ) : order.status === 'active' && (billing.status === 'past_due' || billing.status === 'suspended') ? (
          <BillingStatusBadge status={billing.status} />
        ) : (
          <OrderStatusBadge status={order.status} />
        )}
        <Button variant="ghost" size="sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          <LogOut aria-hidden="true" /> {t('signOut')}
        </Button>
      </div>
    </div>
  );
}

/**
 * What the customer can do: download the agreement, change their contact details and, while the rental is open
 * and no cancellation is pending or approved, ask to cancel.
 */
function PortalActions({ view }: { view: PortalData }) {
  const { order, customer, agreement, cancellationRequest } = view;
  const open = order.status === 'active' || order.status === 'pending';
  return (
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
  );
}

/** How to reach the office: its hours, and its phone and e-mail once the site's details are loaded. */
function SupportSection() {
  const { t } = useTranslation('portal');
  const { officeHours } = useBusinessFacts();
  const site = useSiteInfo().data;
  return (
    <section aria-labelledby="support-heading" className="mt-10 rounded-lg border bg-secondary p-6">
      <h2 id="support-heading" className="text-lg font-semibold text-secondary-foreground">
        {t('help.title')}
      </h2>
      <p className="mt-2 text-sm text-secondary-foreground">{t('help.text', { hours: officeHours })}</p>
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
  );
}

export function PortalView({ view }: { view: PortalData }) {
  const { order, customer, unitModel, paymentMethod, cancellationRequest, billing, fees } = view;
  const openBillingPortal = useOpenBillingPortal();
  const updatePaymentMethod = () => openBillingPortal({ customerId: customer.id, orderId: order.id });
  // The customer is signed in: a language switched to here is saved on their account, and e-mails follow it.
  useSaveLocaleChoice(true);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <PortalHeader order={order} customer={customer} billing={billing} unitReturn={view.unitReturn} />

      <PastDueBanner billing={billing} onUpdatePaymentMethod={updatePaymentMethod} />
      {cancellationRequest && <CancellationBanner request={cancellationRequest} />}

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <RentalDetailsCard order={order} unitModel={unitModel} />
        <BillingCard
          order={order}
          billing={billing}
          paymentMethod={paymentMethod}
          onUpdatePaymentMethod={updatePaymentMethod}
        />
        <AddressCard order={order} />
        <ContactCard customer={customer} />
      </div>

      <PortalActions view={view} />

      <div className="mt-10">
        <ServiceVisits orderId={order.id} />
      </div>

      <div className="mt-10">
        <BillingHistory billing={billing} fees={fees} />
      </div>

      <SupportSection />
    </div>
  );
}
