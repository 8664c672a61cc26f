import { Trans, useTranslation } from 'react-i18next';
import { ColumnPage, ColumnSection } from '../components/layout/column-page';
import { ContactDetails } from '../components/contact-details';
import { TextLink } from '../components/layout/site-link';
import { WeeklyPriceList } from '../features/catalog/weekly-price-list';
import { useDocumentTitle } from '../lib/use-document-title';

export function WeeklyRentalsPage() {
  const { t } = useTranslation('rentals');
  useDocumentTitle(t('weekly.title'));
  return (
    <ColumnPage title={t('weekly.title')} lead={t('weekly.lead')}>
      <ColumnSection id="weekly-prices-title" title={t('weekly.pricesTitle')} className="space-y-4">
        <WeeklyPriceList />
      </ColumnSection>
      <ColumnSection id="weekly-how-title" title={t('weekly.howTitle')} className="space-y-3">
        <p className="text-muted-foreground">{t('weekly.how')}</p>
        <ContactDetails linkClassName="font-medium text-primary" />
        <p className="text-muted-foreground">
          <Trans
            t={t}
            i18nKey="weekly.longer"
            components={{
              anchor: <TextLink href="/monthly" />,
            }}
          />
        </p>
      </ColumnSection>
    </ColumnPage>
  );
}
