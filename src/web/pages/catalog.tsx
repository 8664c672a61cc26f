import { CheckList } from '../components/check-list';
import { PageIntro } from '../components/layout/page-intro';
import { PublicLayout } from '../components/layout/public-layout';
import { UnitModelCatalog } from '../features/catalog/unit-model-catalog';
import { offer } from '../lib/offer';
import { useDocumentTitle } from '../lib/use-document-title';

const includedServices = [
  `Free delivery within ${offer.freeMiles} miles`,
  '24/7 technical support',
  'Maintenance and repairs',
  'Free pickup at end of rental',
];

const requirements = [
  'Standard 115V outlet',
  'Window or wall access for venting',
  'Adequate space for the unit',
  'Access for condensate drainage',
];

function InfoList({ title, items }: { title: string; items: string[] }) {
  return (
    <div className="rounded-xl border bg-card p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      <CheckList items={items} className="mt-4" />
    </div>
  );
}

export function CatalogPage() {
  useDocumentTitle('Portable AC Units');
  return (
    <PublicLayout>
      <PageIntro title="Portable AC Units">
        Every unit rents for {offer.monthly} a month and delivers at least {offer.minimumBtu} BTU. Pick the size that
        fits your room.
      </PageIntro>
      <div className="mx-auto max-w-6xl space-y-12 px-4 py-10 sm:px-6">
        <UnitModelCatalog />
        <section aria-label="Rental information" className="grid gap-6 md:grid-cols-2">
          <InfoList title="Included With Every Rental" items={includedServices} />
          <InfoList title="Requirements" items={requirements} />
        </section>
      </div>
    </PublicLayout>
  );
}
