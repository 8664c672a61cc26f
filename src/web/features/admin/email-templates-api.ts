import { useQuery } from '@tanstack/react-query';
import type { EmailTemplateView, TemplatePreview, TemplatePreviewInput } from '@/contracts/admin/emails';
import { adminKeys, adminRequest, adminResource, useAdminMutation, type MutationCallbacks } from './api';

/**
 * E-mail templates are read by two tabs (the Email Center edits them, a customer's Send Email starts from one), so
 * their list and their preview live here, below both; emails/api.ts owns the changes to them.
 */
export const templatesPath = '/api/admin/email-templates';

const templates = adminResource(adminKeys.templates, templatesPath);

export function useEmailTemplates({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...templates.all<EmailTemplateView[]>(), enabled });
}

/** The preview route's body, as the contract has it (the customer's data, in the template's language). */
export type PreviewRequest = TemplatePreviewInput;

/** A subject and body with their placeholders filled in on the server. */
export function useTemplatePreview({
  errorFallback,
  ...callbacks
}: MutationCallbacks<TemplatePreview, PreviewRequest> & { errorFallback: string }) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: (request: PreviewRequest) => adminRequest<TemplatePreview>('POST', `${templatesPath}/preview`, request),
    errorFallback,
  });
}
