import { useParams } from 'wouter';
import { PublicLayout } from '../components/layout/public-layout';
import { PageSpinner } from '../components/ui/spinner';
import { PortalView } from '../features/portal/portal-view';
import { RentalNotFound } from '../features/portal/rental-not-found';
import { usePortal } from '../features/portal/api';
import { useDocumentTitle } from '../lib/use-document-title';

export default function PortalPage() {
  const { orderId = '' } = useParams<{ orderId: string }>();
  const portal = usePortal(orderId);
  useDocumentTitle(portal.data ? 'My AC Rental Account' : portal.isError ? 'Rental Not Found' : undefined);
  return (
    <PublicLayout>
      {portal.isPending ? (
        <PageSpinner label="Loading your rental..." />
      ) : portal.data ? (
        <PortalView view={portal.data} />
      ) : (
        <RentalNotFound />
      )}
    </PublicLayout>
  );
}
