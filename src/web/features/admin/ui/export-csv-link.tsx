import { Download } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { useIsAdminRole } from '../me-api';

/**
 * "Export CSV": a link to the export with the list's current filters, styled as a button. A link, not a fetch,
 * so the browser streams a large file to disk instead of holding it in the page. Exports are the admin role's
 * (a whole customer list in one file: ADR 019), so staff do not see the link.
 */
export function ExportCsvLink({ href, description }: { href: string; description: string }) {
  if (!useIsAdminRole()) return null;
  return (
    <Button asChild variant="outline">
      <a href={href} download title={description}>
        <Download aria-hidden="true" />
        Export CSV
      </a>
    </Button>
  );
}
