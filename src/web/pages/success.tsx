import { CalendarClock, CheckCircle2, FileText, Mail, Phone, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import type { CheckoutSuccessView } from '@/contracts/checkout';
import { formatCents } from '@/contracts/money';
import { localeOrDefault } from '@/i18n/locale';
import { btuRange } from '@/web/lib/tier-details';
import { HeadedSection } from '../components/headed-section';
import { DetailRow } from '../components/detail-row';
import { deliveryWindowText, windowDayLabel, windowLabel } from '../components/delivery-window-text';
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
  const { t } = useTranslation('success');
  useDocumentTitle(view?.status === 'active' ? t('documentTitleConfirmed') : t('documentTitleConfirming'));
  const link = (href: string) => <Link href={href} className="font-medium text-primary underline underline-offset-4" />;

  let content: ReactNode;
  if (!sessionId || outcome.isError) {
    content = (
      <Notice title={t('notFoundTitle')}>
        <Trans t={t} i18nKey="notFoundText" components={{ anchor: link('/account-access') }} />
      </Notice>
    );
  } else if (!view || (stillConfirming && !gaveUpWaiting)) {
    content = <PageSpinner label={t('confirming')} />;
  } else if (view.status === 'pending') {
    content = (
      <Notice title={t('pendingTitle')}>
        <Trans
          t={t}
          i18nKey="pendingText"
          values={{ orderNumber: view.orderNumber }}
          components={{ order: <span className="font-mono font-semibold" /> }}
        />
      </Notice>
    );
  } else if (view.status === 'active') {
    content = <RentalConfirmed view={view} />;
  } else {
    content = (
      <Notice title={t('expiredTitle')}>
        <Trans t={t} i18nKey="expiredText" components={{ anchor: link('/checkout') }} />
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

type BookedWindow = NonNullable<NonNullable<CheckoutSuccessView['details']>['deliveryWindow']>;

/**
 * What happens after payment. A window booked at checkout (issue 30) is the delivery's day and hours: no call to
 * schedule it is promised then, only to an order without one.
 */
function NextSteps({ booked }: { booked: BookedWindow | null }) {
  const { t, i18n } = useTranslation('success');
  const locale = localeOrDefault(i18n.language);
  const steps = [
    {
      icon: CalendarClock,
      title: booked ? t('next.bookedTitle') : t('next.schedulingTitle'),
      text: booked
        ? t('next.bookedText', {
            day: windowDayLabel(locale, booked.date),
            hours: windowLabel(booked.start, booked.end, locale),
          })
        : t('next.schedulingText'),
    },
    { icon: Wrench, title: t('next.setupTitle'), text: booked ? t('next.setupBookedText') : t('next.setupText') },
    { icon: FileText, title: t('next.documentsTitle'), text: t('next.documentsText') },
  ];
  return (
    <HeadedSection id="next-heading" title={t('nextTitle')} titleClassName="text-xl font-semibold">
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {steps.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-lg border p-4">
            <Icon aria-hidden="true" className="size-6 text-primary" />
            <h3 className="mt-2 font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}

/** A YYYY-MM-DD day as the reader's language writes it ("July 15, 2026" / "15 de julio de 2026"). */
function formatDay(isoDate: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T12:00:00Z`),
  );
}

function RentalConfirmed({ view }: { view: CheckoutSuccessView }) {
  const { details } = view;
  const { t, i18n } = useTranslation('success');
  const locale = i18n.language === 'es' ? 'es-US' : 'en-US';
  return (
    <div className="space-y-8">
      <div className="text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto size-14 text-primary" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight">{t('confirmedTitle')}</h1>
        <p className="mt-2 text-muted-foreground">
          <Trans
            t={t}
            i18nKey="orderNumber"
            values={{ orderNumber: view.orderNumber }}
            components={{ order: <span className="font-mono text-lg font-semibold text-foreground" /> }}
          />
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>{t('detailsTitle')}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {details ? (
            <dl className="divide-y">
              <DetailRow label={t('plan')}>{details.planType === 'monthly' ? t('monthly') : t('weekly')}</DetailRow>
              <DetailRow label={t('btuTier')}>{btuRange(details.btuTier)}</DetailRow>
              <DetailRow label={t('unit')}>{details.unitModel}</DetailRow>
              <DetailRow label={t('startDate')}>
                {details.startDate ? formatDay(details.startDate, locale) : t('tbd')}
              </DetailRow>
              {details.deliveryWindow && (
                <DetailRow label={t('delivery')}>
                  {deliveryWindowText(localeOrDefault(i18n.language), details.deliveryWindow)}
                </DetailRow>
              )}
              <DetailRow label={t('rate')}>{t('perMonth', { amount: formatCents(details.priceCents) })}</DetailRow>
              <DetailRow label={t('minimumTerm')}>{t('months', { months: details.monthsMin })}</DetailRow>
              <DetailRow label={t('deliveryAddress')}>
                {details.address}, {details.city}, CA {details.zipCode}
              </DetailRow>
              <DetailRow label={t('customer')}>{details.customerName}</DetailRow>
              {details.buildingNotes && <DetailRow label={t('buildingNotes')}>{details.buildingNotes}</DetailRow>}
            </dl>
          ) : (
            <p className="text-sm text-muted-foreground">{t('privacy')}</p>
          )}
        </CardContent>
      </Card>

      <NextSteps booked={details?.deliveryWindow ?? null} />

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <ButtonLink href={view.signedIn ? `/portal/${view.orderId}` : '/account-access'} size="lg">
          {t('accessAccount')}
        </ButtonLink>
        <DownloadAgreementButton pdfUrl={view.agreementPdfUrl} size="lg" variant="outline" />
      </div>
      {!view.signedIn && <p className="text-center text-sm text-muted-foreground">{t('openAccount')}</p>}
      <SupportContact />
    </div>
  );
}

function SupportContact() {
  const { t } = useTranslation('success');
  const site = useSiteInfo().data;
  if (!site) return null;
  return (
    <HeadedSection
      id="support-heading"
      title={t('supportTitle')}
      className="rounded-lg bg-muted/50 p-4 text-center text-sm"
      titleClassName="font-semibold"
    >
      <p className="mt-2 flex flex-wrap justify-center gap-x-6 gap-y-2">
        <a href={telHref(site.phone)} className="inline-flex items-center gap-2 hover:underline">
          <Phone aria-hidden="true" className="size-4" /> {site.phone}
        </a>
        <a href={`mailto:${site.email}`} className="inline-flex items-center gap-2 hover:underline">
          <Mail aria-hidden="true" className="size-4" /> {site.email}
        </a>
      </p>
    </HeadedSection>
  );
}
