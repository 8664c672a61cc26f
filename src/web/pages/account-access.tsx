import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { PageIntro } from '../components/layout/page-intro';
import { PublicLayout } from '../components/layout/public-layout';
import { AccountAccessForm } from '../features/portal/account-access-form';
import { useDocumentTitle } from '../lib/use-document-title';

export default function AccountAccessPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('access.title'));
  const [searchParams] = useSearchParams();
  const linkExpired = searchParams.get('link') === 'expired';

  return (
    <PublicLayout>
      <PageIntro title={t('access.title')}>{t('access.intro')}</PageIntro>
      <div className="mx-auto max-w-xl px-4 py-10 sm:px-6">
        {linkExpired && (
          <p role="alert" className="mb-6 rounded-md border border-destructive/40 bg-destructive/10 p-4 text-sm">
            {t('access.linkExpired')}
          </p>
        )}
        <AccountAccessForm />
        <p className="mt-6 text-center text-sm text-muted-foreground">
          {t('access.notCustomer')}{' '}
          <Link href="/checkout" className="font-medium text-primary underline underline-offset-4">
            {t('access.startRental')}
          </Link>
        </p>
      </div>
    </PublicLayout>
  );
}
