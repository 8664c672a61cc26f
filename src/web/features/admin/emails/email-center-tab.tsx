import { Plus } from 'lucide-react';
import { isLocale, LOCALE_NAMES } from '@/i18n/locale';
import { useEmailTemplates } from '../email-templates-api';
import { formatInstant } from '../format';
import { useIsAdminRole } from '../me-api';
import { ActionsCell, actionsColumn, DataTable } from '../ui/data-table';
import { EditToggleActions } from '../ui/edit-toggle-actions';
import { EmailAddress } from '../ui/email-address';
import { FilterSelect, statusOption } from '../ui/filter-select';
import { IconButton } from '../ui/icon-button';
import { PagedTable } from '../ui/paged-table';
import { QueryState } from '../ui/query-state';
import { SectionCard } from '../ui/section-card';
import { StatusBadge } from '../ui/status-badge';
import { TableCell, TableRow } from '../ui/table';
import { useListFilters } from '../use-list-filters';
import { useEmailLogs, useToggleTemplate } from './api';
import { TemplateDialog } from './template-dialog';

const emailLogStatusOptions = [{ value: 'all', label: 'All' }, statusOption('sent'), statusOption('failed')];
const templateColumns = [
  { label: 'Name' },
  { label: 'Type' },
  { label: 'Language' },
  { label: 'Subject' },
  { label: 'State' },
  actionsColumn,
];
const logColumns = [{ label: 'Sent' }, { label: 'To' }, { label: 'Subject' }, { label: 'Status' }];

export function EmailCenterTab() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <TemplatesCard />
      <ActivityCard />
    </div>
  );
}

function TemplatesCard() {
  const templates = useEmailTemplates();
  const toggle = useToggleTemplate();
  // Templates are the admin role's to change; staff read them and send e-mails from them.
  const canEdit = useIsAdminRole();

  return (
    <SectionCard
      title="Email Templates"
      description="The system sends the active template of each type (order confirmation, payment failed...) on its own, so each of those types keeps at least one active template."
      action={canEdit && <TemplateDialog trigger={<IconButton icon={Plus}>New Template</IconButton>} />}
      align="start"
    >
      <QueryState query={templates} loadingLabel="Loading templates..." errorTitle="Templates could not load">
        {(rows) => (
          <DataTable columns={templateColumns} rows={rows} empty="No templates yet.">
            {(template) => (
              <TableRow>
                <TableCell className="font-medium">{template.name}</TableCell>
                <TableCell>
                  <code className="text-xs">{template.templateType}</code>
                </TableCell>
                <TableCell>{isLocale(template.locale) ? LOCALE_NAMES[template.locale] : template.locale}</TableCell>
                <TableCell className="max-w-80 truncate">{template.subject}</TableCell>
                <TableCell>
                  <StatusBadge status={template.isActive ? 'active' : 'retired'} />
                </TableCell>
                <ActionsCell>
                  {canEdit && (
                    <EditToggleActions
                      name={template.name}
                      active={template.isActive}
                      editDialog={(trigger) => <TemplateDialog template={template} trigger={trigger} />}
                      onToggle={() => toggle.mutate(template)}
                      toggling={toggle.isPending}
                    />
                  )}
                </ActionsCell>
              </TableRow>
            )}
          </DataTable>
        )}
      </QueryState>
    </SectionCard>
  );
}

function ActivityCard() {
  const { filters, bind, page, pageSize, paging } = useListFilters({ status: 'all' }, 15);
  const logs = useEmailLogs({ status: filters.status, page, pageSize });

  return (
    <SectionCard
      title="Recent Email Activity"
      action={
        <FilterSelect
          id="email-log-status"
          label="Status"
          className="w-44"
          options={emailLogStatusOptions}
          {...bind('status')}
        />
      }
      align="end"
    >
      <PagedTable
        query={logs}
        columns={logColumns}
        empty="No e-mails yet."
        noun="e-mails"
        what="e-mail activity"
        paging={paging}
      >
        {(log) => (
          <TableRow>
            <TableCell className="whitespace-nowrap">
              {formatInstant(log.createdAt)}
              <span className="block text-xs text-muted-foreground">{log.sentBy ?? 'System'}</span>
            </TableCell>
            <TableCell>
              {log.customer.name}
              <EmailAddress email={log.recipientEmail} className="flex text-xs text-muted-foreground" />
            </TableCell>
            <TableCell className="max-w-80">
              {log.subject}
              {log.templateName && (
                <span className="block text-xs text-muted-foreground">Template: {log.templateName}</span>
              )}
            </TableCell>
            <TableCell>
              <StatusBadge status={log.status} />
              {log.errorMessage && <span className="block text-xs text-destructive">{log.errorMessage}</span>}
            </TableCell>
          </TableRow>
        )}
      </PagedTable>
    </SectionCard>
  );
}
