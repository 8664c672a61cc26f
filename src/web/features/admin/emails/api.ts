import { useQuery } from '@tanstack/react-query';
import type { Page } from '@/contracts/admin/common';
import type { AdminEmailLog, EmailTemplateInput, EmailTemplateView } from '@/contracts/admin/emails';
import { adminKeys, adminRequest, adminResource, saved, useAdminMutation, type MutationCallbacks } from '../api';
import { templatesPath } from '../email-templates-api';

const emailLogs = adminResource(adminKeys.emailLogs, '/api/admin/email-logs');

export type EmailLogParams = { status: string; page: number; pageSize: number };

export function useEmailLogs(params: EmailLogParams) {
  return useQuery(emailLogs.page<Page<AdminEmailLog>>(params));
}

/** Creates a template, or saves the changes to `template`. */
export function useSaveTemplate(
  template: EmailTemplateView | undefined,
  callbacks: MutationCallbacks<unknown, EmailTemplateInput> = {},
) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: (values: EmailTemplateInput) =>
      template
        ? adminRequest('PATCH', `${templatesPath}/${template.id}`, values)
        : adminRequest('POST', templatesPath, values),
    success: () => saved(template ? 'Template updated' : 'Template created'),
    invalidates: [adminKeys.templates],
    errorFallback: 'The template could not be saved',
  });
}

/** Activates an inactive template, or deactivates an active one. */
export function useToggleTemplate() {
  return useAdminMutation({
    mutationFn: (template: EmailTemplateView) =>
      adminRequest<EmailTemplateView>('PATCH', `${templatesPath}/${template.id}`, { isActive: !template.isActive }),
    success: (template) => saved(`${template.name} ${template.isActive ? 'activated' : 'deactivated'}`),
    invalidates: [adminKeys.templates],
    errorFallback: 'The template could not be saved',
  });
}
