import { Trans, useTranslation } from 'react-i18next';
import { ColumnPage, ColumnSection } from '../components/layout/column-page';
import { CheckList } from '../components/check-list';
import { ButtonLink } from '../components/layout/button-link';
import { TextLink } from '../components/layout/site-link';
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
    <ColumnPage title={t('monthly.title')} lead={t('monthly.lead')}>
      <ColumnSection id="plan-title" title={t('monthly.planTitle')} className="rounded-xl border bg-card p-6 sm:p-8">
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
      </ColumnSection>
      <p className="text-muted-foreground">
        <Trans
          t={t}
          i18nKey="monthly.questions"
          values={{ hours: officeHours }}
          components={{
            anchor: <TextLink href="/contact" />,
          }}
        />
      </p>
    </ColumnPage>
  );
}
