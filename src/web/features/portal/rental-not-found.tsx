import { useTranslation } from 'react-i18next';
import { SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/web/components/ui/button';

/** Spec section 8's texts, shown alike for no session, another customer's rental and an unknown id. */
export function RentalNotFound() {
  const { t } = useTranslation('account');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <SearchX aria-hidden="true" className="size-12 text-muted-foreground" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{t('notFound.title')}</h1>
      <p className="mt-3 text-muted-foreground">{t('notFound.text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/account-access">{t('notFound.accessAccount')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/contact">{t('notFound.contactSupport')}</Link>
        </Button>
      </div>
    </div>
  );
}
