import { z } from 'zod';
import { LOCALES } from '../locale';
import { customerRef, pageOf, pageParams } from './common';

/** An e-mail's subject and body, as sent and as a template stores them (spec section 5's messages). */
const emailSubject = z
  .string({ message: 'Subject is required' })
  .trim()
  .min(1, 'Subject is required')
  .max(200, 'Subject must be at most 200 characters');
const emailBody = z
  .string({ message: 'Email body is required' })
  .trim()
  .min(1, 'Email body is required')
  .max(20_000, 'Email body is too long');

/** POST /api/admin/send-email: spec section 5's messages. The recipient defaults to the customer's e-mail. */
export const sendEmailInput = z.object({
  customerId: z.uuid({ message: 'Invalid customer id' }),
  templateId: z.preprocess((value) => (value === '' ? undefined : value), z.uuid().nullish()),
  recipientEmail: z
    .string({ message: 'Valid email address required' })
    .trim()
    .email('Valid email address required')
    .max(255, 'Valid email address required'),
  subject: emailSubject,
  body: emailBody,
});
export type SendEmailInput = z.infer<typeof sendEmailInput>;

export const sendEmailResult = z.object({ id: z.uuid(), status: z.string() });

export const emailTemplateView = z.object({
  id: z.uuid(),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  templateType: z.string(),
  /** The language of its text: customers get the template in their language, else the English one (ADR 026). */
  locale: z.string(),
  isActive: z.boolean(),
  updatedAt: z.string(),
});
export type EmailTemplateView = z.infer<typeof emailTemplateView>;
export const emailTemplateList = z.array(emailTemplateView);

/** Create or edit a template. `templateType` is how the system finds its own templates (order_confirmation, ...). */
export const emailTemplateInput = z.object({
  name: z
    .string({ message: 'Template name is required' })
    .trim()
    .min(1, 'Template name is required')
    .max(100, 'Template name must be at most 100 characters'),
  templateType: z
    .string({ message: 'Template type is required' })
    .trim()
    .min(1, 'Template type is required')
    .max(50, 'Template type must be at most 50 characters')
    .regex(/^[a-z0-9_]+$/, 'Use lowercase letters, digits and underscores'),
  subject: emailSubject,
  /** 'en' (the default) or 'es': a Spanish template of a type goes to customers who read Spanish. */
  locale: z.enum(LOCALES, { error: 'Language must be "en" or "es"' }).optional(),
  body: emailBody,
  isActive: z.boolean(),
});
export type EmailTemplateInput = z.infer<typeof emailTemplateInput>;
/** Editing a template: any of its fields, at least one (an empty PATCH is a 400, not a database error). */
export const emailTemplateUpdate = emailTemplateInput
  .partial()
  .refine((update) => Object.values(update).some((value) => value !== undefined), 'Nothing to change');
export type EmailTemplateUpdate = z.infer<typeof emailTemplateUpdate>;

/** Fills a subject and body: with a customer's data (the Send Email dialog) or with sample data (template preview). */
export const templatePreviewInput = z.object({
  subject: z.string().max(200),
  body: z.string().max(20_000),
  customerId: z.uuid().optional(),
  /** The template's language: the customer's dates, window, rate and model name are written in it. */
  locale: z.enum(LOCALES).optional(),
});
export type TemplatePreviewInput = z.infer<typeof templatePreviewInput>;
export const templatePreview = z.object({ subject: z.string(), body: z.string() });
export type TemplatePreview = z.infer<typeof templatePreview>;

export const emailLogStatuses = ['sent', 'failed'] as const;
export const emailLogQuery = z.object({ status: z.enum(['all', ...emailLogStatuses]).default('all'), ...pageParams });
export type EmailLogQuery = z.infer<typeof emailLogQuery>;

export const adminEmailLog = z.object({
  id: z.uuid(),
  subject: z.string(),
  recipientEmail: z.string(),
  status: z.string(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  sentBy: z.string().nullable(),
  templateName: z.string().nullable(),
  customer: customerRef,
});
export type AdminEmailLog = z.infer<typeof adminEmailLog>;
export const adminEmailLogList = pageOf(adminEmailLog);

/** The Send Email dialog's fields (the customer comes from the panel); 'none' means no template. */
export const sendEmailForm = sendEmailInput.pick({ recipientEmail: true, subject: true, body: true }).extend({
  templateId: z.string(),
});
export type SendEmailForm = z.infer<typeof sendEmailForm>;
