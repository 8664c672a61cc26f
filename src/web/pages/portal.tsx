import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { PublicLayout } from '../components/layout/public-layout';
import { PageSpinner } from '../components/ui/spinner';
import { PortalView } from '../features/portal/portal-view';
import { RentalNotFound } from '../features/portal/rental-not-found';
import { usePortal } from '../features/portal/api';
import { useSessionState } from '../features/portal/sign-in-api';
import { SignInRequest } from '../features/portal/sign-in-request';
import { useDocumentTitle } from '../lib/use-document-title';

export default function PortalPage() {
  const { orderId = '' } = useParams<{ orderId: string }>();
  const portal = usePortal(orderId);
  // A rental that did not load: a signed-out browser is asked to sign in (for any id, so nothing is revealed);
  // a signed-in customer asking for an order that is not theirs sees the spec's 'Rental Not Found'.
  const session = useSessionState(portal.isError);
  const signedOut = portal.isError && session.data?.signedIn === false;
  const { t } = useTranslation(['portal', 'account']);
  useDocumentTitle(
    portal.data
      ? t('portal:pageTitle')
      : signedOut
        ? t('account:signIn.title')
        : session.data
          ? t('account:notFound.title')
          : undefined,
  );
  return (
    <PublicLayout>
      {portal.isPending || (portal.isError && session.isPending) ? (
        <PageSpinner label={t('portal:loading')} />
      ) : portal.data ? (
        <PortalView view={portal.data} />
      ) : signedOut ? (
        <SignInRequest orderId={orderId} />
      ) : (
        <RentalNotFound />
      )}
    </PublicLayout>
  );
}
