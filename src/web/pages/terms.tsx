import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AGREEMENT_VERSION } from '@/contracts/agreement/text';
import { localeOrDefault } from '@/i18n/locale';
import { SiteLink } from '../components/layout/site-link';
import { PageIntro } from '../components/layout/page-intro';
import { PublicLayout } from '../components/layout/public-layout';
import { Button } from '../components/ui/button';
import { TermsContent } from '../features/terms/terms-content';
import { useSiteInfo } from '../lib/site-info';
import { useDocumentTitle } from '../lib/use-document-title';

export function TermsPage() {
  const { t, i18n } = useTranslation('terms');
  useDocumentTitle(t('title'));
  const { data: contact } = useSiteInfo();
  return (
    <PublicLayout>
      <PageIntro title={t('title')}>{t('lead', { version: AGREEMENT_VERSION })}</PageIntro>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <SiteLink
          href="/"
          className="inline-flex items-center gap-2 rounded-sm text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('backHome')}
        </SiteLink>
        {/* The agreement in the reader's language: the text a customer signs in that language (ADR 026). */}
        <TermsContent contact={contact} className="mt-8" locale={localeOrDefault(i18n.language)} />
        <div className="mt-12 flex justify-center border-t pt-8">
          <Button asChild size="lg">
            <SiteLink href="/checkout">{t('returnToCheckout')}</SiteLink>
          </Button>
        </div>
      </div>
    </PublicLayout>
  );
}
