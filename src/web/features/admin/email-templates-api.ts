import type { Locale } from '@/contracts/locale';
import { useQuery } from '@tanstack/react-query';
import type { EmailTemplateView, TemplatePreview } from '@/contracts/admin/emails';
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

export interface PreviewRequest {
  subject: string;
  body: string;
  /** Fill in this customer's data; without one, sample data. */
  customerId?: string;
  /** The template's language, the customer's data written in it. */
  locale?: Locale;
}

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
