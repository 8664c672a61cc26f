import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/layout/button-link';
import { PublicLayout } from '../components/layout/public-layout';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  const { t } = useTranslation('errors');
  useDocumentTitle(t('notFound.documentTitle'));
  return (
    <PublicLayout>
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <h1 className="text-3xl font-bold tracking-tight">{t('notFound.title')}</h1>
        <p className="text-muted-foreground">{t('notFound.body')}</p>
        <ButtonLink href="/">{t('notFound.home')}</ButtonLink>
      </div>
    </PublicLayout>
  );
}
