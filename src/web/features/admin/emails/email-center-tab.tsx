import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import type { Page } from '@/contracts/admin/common';
import type { AdminEmailLog, EmailTemplateView } from '@/contracts/admin/emails';
import { LoadError } from '@/web/components/load-error';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/use-toast';
import { adminGet, adminKeys, adminRequest, errorMessage } from '../api';
import { formatInstant } from '../format';
import { FilterSelect, statusOption } from '../ui/filter-select';
import { Pagination } from '../ui/pagination';
import { StatusBadge } from '../ui/status-badge';
import { EmptyRow, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';
import { TemplateDialog } from './template-dialog';

const PAGE_SIZE = 15;
const emailLogStatusOptions = [{ value: 'all', label: 'All' }, statusOption('sent'), statusOption('failed')];

export function EmailCenterTab() {
  return (
    <div className="grid gap-6">
      <TemplatesCard />
      <ActivityCard />
    </div>
  );
}

function TemplatesCard() {
  const queryClient = useQueryClient();
  const templates = useQuery({
    queryKey: adminKeys.templates,
    queryFn: () => adminGet<EmailTemplateView[]>('/api/admin/email-templates'),
  });
  const toggle = useMutation({
    mutationFn: (template: EmailTemplateView) =>
      adminRequest<EmailTemplateView>('PATCH', `/api/admin/email-templates/${template.id}`, {
        isActive: !template.isActive,
      }),
    onSuccess: async (template) => {
      toast({ title: 'Saved', description: `${template.name} ${template.isActive ? 'activated' : 'deactivated'}` });
      await queryClient.invalidateQueries({ queryKey: adminKeys.templates });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: errorMessage(error, 'The template could not be saved'),
        variant: 'destructive',
      }),
  });

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2>Email Templates</h2>
          </CardTitle>
          <CardDescription>
            The system sends the active template of each type (order confirmation, payment failed...) on its own, so
            each of those types keeps at least one active template.
          </CardDescription>
        </div>
        <TemplateDialog
          trigger={
            <Button>
              <Plus aria-hidden="true" />
              New Template
            </Button>
          }
        />
      </CardHeader>
      <CardContent>
        {templates.isPending ? (
          <Spinner label="Loading templates..." className="py-10" />
        ) : templates.isError ? (
          <LoadError
            title="Templates could not load"
            message={templates.error.message}
            onRetry={() => void templates.refetch()}
          />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Type</TableHead>
                <TableHead>Subject</TableHead>
                <TableHead>State</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {templates.data.length === 0 && <EmptyRow columns={5}>No templates yet.</EmptyRow>}
              {templates.data.map((template) => (
                <TableRow key={template.id}>
                  <TableCell className="font-medium">{template.name}</TableCell>
                  <TableCell>
                    <code className="text-xs">{template.templateType}</code>
                  </TableCell>
                  <TableCell className="max-w-80 truncate">{template.subject}</TableCell>
                  <TableCell>
                    <StatusBadge status={template.isActive ? 'active' : 'retired'} />
                  </TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-2">
                      <TemplateDialog
                        template={template}
                        trigger={
                          <Button size="sm" variant="outline" aria-label={`Edit ${template.name}`}>
                            <Pencil aria-hidden="true" />
                            Edit
                          </Button>
                        }
                      />
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={toggle.isPending}
                        aria-label={`${template.isActive ? 'Deactivate' : 'Activate'} ${template.name}`}
                        onClick={() => toggle.mutate(template)}
                      >
                        {template.isActive ? 'Deactivate' : 'Activate'}
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function ActivityCard() {
  const [status, setStatus] = useState('all');
  const [page, setPage] = useState(1);
  const filters = { status, page, pageSize: PAGE_SIZE };
  const logs = useQuery({
    queryKey: [...adminKeys.emailLogs, filters],
    queryFn: () => adminGet<Page<AdminEmailLog>>('/api/admin/email-logs', filters),
    placeholderData: keepPreviousData,
  });

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3">
        <CardTitle asChild>
          <h2>Recent Email Activity</h2>
        </CardTitle>
        <FilterSelect
          id="email-log-status"
          label="Status"
          className="w-44"
          value={status}
          onValueChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={emailLogStatusOptions}
        />
      </CardHeader>
      <CardContent>
        {logs.isPending ? (
          <Spinner label="Loading e-mail activity..." className="py-10" />
        ) : logs.isError ? (
          <LoadError
            title="E-mail activity could not load"
            message={logs.error.message}
            onRetry={() => void logs.refetch()}
          />
        ) : (
          <>
            <Table aria-busy={logs.isFetching}>
              <TableHeader>
                <TableRow>
                  <TableHead>Sent</TableHead>
                  <TableHead>To</TableHead>
                  <TableHead>Subject</TableHead>
                  <TableHead>Status</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {logs.data.items.length === 0 && <EmptyRow columns={4}>No e-mails yet.</EmptyRow>}
                {logs.data.items.map((log) => (
                  <TableRow key={log.id}>
                    <TableCell className="whitespace-nowrap">
                      {formatInstant(log.createdAt)}
                      <span className="block text-xs text-muted-foreground">{log.sentBy ?? 'System'}</span>
                    </TableCell>
                    <TableCell>
                      {log.customer.name}
                      <span className="block text-xs break-all text-muted-foreground">{log.recipientEmail}</span>
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
                ))}
              </TableBody>
            </Table>
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={logs.data.total}
              noun="e-mails"
              onPageChange={setPage}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
