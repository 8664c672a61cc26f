import { Trans, useTranslation } from 'react-i18next';
import { CheckList } from '../components/check-list';
import { ButtonLink } from '../components/layout/button-link';
import { SiteLink } from '../components/layout/site-link';
import { PageIntro } from '../components/layout/page-intro';
import { PublicLayout } from '../components/layout/public-layout';
import { Price } from '../components/price';
import { useBusinessFacts } from '../i18n/business-facts';
import { offer } from '../lib/offer';
import { useDocumentTitle } from '../lib/use-document-title';

export function MonthlyRentalsPage() {
  const { t } = useTranslation('rentals');
  const { officeHours } = useBusinessFacts();
  useDocumentTitle(t('monthly.title'));
  const details = [
    t('monthly.details.price', { monthly: offer.monthly }),
    t('monthly.details.btu', { btu: offer.minimumBtu }),
    t('monthly.details.minimum', {
      months: offer.minimumMonths,
      total: offer.minimumTotal,
      fee: offer.deliveryFee,
    }),
    t('monthly.details.delivery', { miles: offer.freeMiles }),
    t('monthly.details.support'),
    t('monthly.details.cancel', {
      months: offer.minimumMonths,
      days: offer.noticeDays,
      fee: offer.earlyTerminationFee,
    }),
  ];
  return (
    <PublicLayout>
      <PageIntro title={t('monthly.title')}>{t('monthly.lead')}</PageIntro>
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6">
        <section aria-labelledby="plan-title" className="rounded-xl border bg-card p-6 sm:p-8">
          <h2 id="plan-title" className="text-2xl font-bold">
            {t('monthly.planTitle')}
          </h2>
          <Price amount={offer.monthly} per="month" size="lg" className="mt-2" />
          <CheckList items={details} className="mt-6 space-y-3" />
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink href="/checkout?plan=monthly" size="lg">
              {t('monthly.start')}
            </ButtonLink>
            <ButtonLink href="/terms" size="lg" variant="outline">
              {t('monthly.readAgreement')}
            </ButtonLink>
          </div>
        </section>
        <p className="text-muted-foreground">
          <Trans
            t={t}
            i18nKey="monthly.questions"
            values={{ hours: officeHours }}
            components={{
              anchor: (
                <SiteLink href="/contact" className="font-medium text-primary underline-offset-4 hover:underline" />
              ),
            }}
          />
        </p>
      </div>
    </PublicLayout>
  );
}
