import { Link, useSearchParams } from 'wouter';
import { PageIntro } from '../components/layout/page-intro';
import { PublicLayout } from '../components/layout/public-layout';
import { AccountAccessForm } from '../features/portal/account-access-form';
import { useDocumentTitle } from '../lib/use-document-title';

export default function AccountAccessPage() {
  useDocumentTitle('Access Your Rental Account');
  const [searchParams] = useSearchParams();
  const linkExpired = searchParams.get('link') === 'expired';

  return (
    <PublicLayout>
      <PageIntro title="Access Your Rental Account">
        For existing customers: open your rental with the order number from your confirmation e-mail and the e-mail
        address you rented with.
      </PageIntro>
      <div className="mx-auto max-w-xl px-4 py-10 sm:px-6">
        {linkExpired && (
          <p role="alert" className="mb-6 rounded-md border border-destructive/40 bg-destructive/10 p-4 text-sm">
            This sign-in link has expired or was already used. Enter your order number and e-mail below to open your
            account.
          </p>
        )}
        <AccountAccessForm />
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Not a customer yet?{' '}
          <Link href="/checkout" className="font-medium text-primary underline underline-offset-4">
            Start New Rental
          </Link>
        </p>
      </div>
    </PublicLayout>
  );
}
