import { ButtonLink } from '../components/layout/button-link';
import { PublicLayout } from '../components/layout/public-layout';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <PublicLayout>
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <h1 className="text-3xl font-bold tracking-tight">404 Page Not Found</h1>
        <p className="text-muted-foreground">Did you forget to add the page to the router?</p>
        <ButtonLink href="/">Go to Home</ButtonLink>
      </div>
    </PublicLayout>
  );
}
