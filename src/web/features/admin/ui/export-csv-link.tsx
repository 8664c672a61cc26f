import { Download } from 'lucide-react';
import { Button } from '@/web/components/ui/button';

/**
 * "Export CSV": a link to the export with the list's current filters, styled as a button. A link, not a fetch,
 * so the browser streams a large file to disk instead of holding it in the page.
 */
export function ExportCsvLink({ href, description }: { href: string; description: string }) {
  return (
    <Button asChild variant="outline">
      <a href={href} download title={description}>
        <Download aria-hidden="true" />
        Export CSV
      </a>
    </Button>
  );
}
