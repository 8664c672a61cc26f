import { useTranslation } from 'react-i18next';
import { CheckList } from '../components/check-list';
import { PageIntro } from '../components/layout/page-intro';
import { PublicLayout } from '../components/layout/public-layout';
import { UnitModelCatalog } from '../features/catalog/unit-model-catalog';
import { offer } from '../lib/offer';
import { useDocumentTitle } from '../lib/use-document-title';

function InfoList({ title, items }: { title: string; items: string[] }) {
  return (
    <div className="rounded-xl border bg-card p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      <CheckList items={items} className="mt-4" />
    </div>
  );
}

export function CatalogPage() {
  const { t } = useTranslation('catalog');
  useDocumentTitle(t('title'));
  const includedServices = [
    t('included.delivery', { miles: offer.freeMiles }),
    t('included.support'),
    t('included.maintenance'),
    t('included.pickup'),
  ];
  const requirements = [
    t('requirements.outlet'),
    t('requirements.venting'),
    t('requirements.space'),
    t('requirements.drainage'),
  ];
  return (
    <PublicLayout>
      <PageIntro title={t('title')}>{t('lead', { monthly: offer.monthly, btu: offer.minimumBtu })}</PageIntro>
      <div className="mx-auto max-w-6xl space-y-12 px-4 py-10 sm:px-6">
        <UnitModelCatalog />
        <section aria-label={t('rentalInformation')} className="grid gap-6 md:grid-cols-2">
          <InfoList title={t('includedTitle')} items={includedServices} />
          <InfoList title={t('requirementsTitle')} items={requirements} />
        </section>
      </div>
    </PublicLayout>
  );
}
