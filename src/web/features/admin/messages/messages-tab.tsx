import { Button } from '@/web/components/ui/button';
import { formatInstantDate } from '../format';
import { useIsAdminRole } from '../me-api';
import { ActionsCell, actionsColumn } from '../ui/data-table';
import { PagedTable } from '../ui/paged-table';
import { SectionCard } from '../ui/section-card';
import { TableCell, TableRow } from '../ui/table';
import { useListFilters } from '../use-list-filters';
import { useContactMessages, useMarkMessageHandled } from './api';

const columns = [{ label: 'From' }, { label: 'Message' }, { label: 'Received' }, actionsColumn];

/** Messages sent through the /contact page, newest first; the owner answers by e-mail or phone and marks them. */
export function MessagesTab() {
  const { page, pageSize, paging } = useListFilters({}, 20);
  const messages = useContactMessages({ page, pageSize });
  const markHandled = useMarkMessageHandled();
  const canMark = useIsAdminRole();

  return (
    <SectionCard title="Messages" contentClassName="grid gap-4">
      <PagedTable query={messages} columns={columns} empty="No messages yet." noun="messages" paging={paging}>
        {(message) => (
          <TableRow>
            <TableCell className="align-top">
              <span className="font-medium">{message.name}</span>
              <a href={`mailto:${message.email}`} className="block text-xs text-primary underline underline-offset-2">
                {message.email}
              </a>
              {message.phone && (
                <a href={`tel:${message.phone}`} className="block text-xs text-muted-foreground">
                  {message.phone}
                </a>
              )}
            </TableCell>
            <TableCell className="max-w-xl align-top whitespace-pre-wrap break-words">{message.message}</TableCell>
            <TableCell className="align-top whitespace-nowrap">
              {formatInstantDate(message.createdAt)}
              {message.handledAt && (
                <span className="block text-xs text-muted-foreground">
                  Handled {formatInstantDate(message.handledAt)}
                </span>
              )}
            </TableCell>
            <ActionsCell className="align-top">
              {canMark && !message.handledAt && (
                <div className="flex justify-end">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={markHandled.isPending}
                    aria-label={`Mark the message from ${message.name} handled`}
                    onClick={() => markHandled.mutate(message)}
                  >
                    Mark handled
                  </Button>
                </div>
              )}
            </ActionsCell>
          </TableRow>
        )}
      </PagedTable>
    </SectionCard>
  );
}
