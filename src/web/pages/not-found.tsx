import { SiteLink } from '../components/layout/site-link';
import { PublicLayout } from '../components/layout/public-layout';
import { Button } from '../components/ui/button';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <PublicLayout>
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <h1 className="text-3xl font-bold tracking-tight">404 Page Not Found</h1>
        <p className="text-muted-foreground">Did you forget to add the page to the router?</p>
        <Button asChild>
          <SiteLink href="/">Go to Home</SiteLink>
        </Button>
      </div>
    </PublicLayout>
  );
}
