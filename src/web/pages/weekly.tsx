import { Trans, useTranslation } from 'react-i18next';
import { ContactDetails } from '../components/contact-details';
import { SiteLink } from '../components/layout/site-link';
import { PageIntro } from '../components/layout/page-intro';
import { PublicLayout } from '../components/layout/public-layout';
import { WeeklyPriceList } from '../features/catalog/weekly-price-list';
import { useDocumentTitle } from '../lib/use-document-title';

export function WeeklyRentalsPage() {
  const { t } = useTranslation('rentals');
  useDocumentTitle(t('weekly.title'));
  return (
    <PublicLayout>
      <PageIntro title={t('weekly.title')}>{t('weekly.lead')}</PageIntro>
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6">
        <section aria-labelledby="weekly-prices-title" className="space-y-4">
          <h2 id="weekly-prices-title" className="text-2xl font-bold">
            {t('weekly.pricesTitle')}
          </h2>
          <WeeklyPriceList />
        </section>
        <section aria-labelledby="weekly-how-title" className="space-y-3">
          <h2 id="weekly-how-title" className="text-2xl font-bold">
            {t('weekly.howTitle')}
          </h2>
          <p className="text-muted-foreground">{t('weekly.how')}</p>
          <ContactDetails linkClassName="font-medium text-primary" />
          <p className="text-muted-foreground">
            <Trans
              t={t}
              i18nKey="weekly.longer"
              components={{
                anchor: (
                  <SiteLink href="/monthly" className="font-medium text-primary underline-offset-4 hover:underline" />
                ),
              }}
            />
          </p>
        </section>
      </div>
    </PublicLayout>
  );
}
