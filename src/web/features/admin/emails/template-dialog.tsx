import { zodResolver } from '@hookform/resolvers/zod';
import { Eye } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  emailTemplateInput,
  type EmailTemplateInput,
  type EmailTemplateView,
  type TemplatePreview,
} from '@/contracts/admin/emails';
import { LOCALES } from '@/contracts/locale';
import { LOCALE_NAMES, localeOrDefault } from '@/i18n/locale';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { useTemplatePreview } from '../email-templates-api';
import { FormDialogFrame } from '@/web/components/form-dialog';
import { useFormDialog } from '../ui/form-dialog';
import { CheckboxField, SelectField } from '../ui/form-fields';
import { IconButton } from '../ui/icon-button';
import { useSaveTemplate } from './api';

const blank: EmailTemplateInput = {
  name: '',
  templateType: 'general',
  locale: 'en',
  subject: '',
  body: '',
  isActive: true,
};

/** A customer gets the template of their language (customers.locale), else the English one (ADR 026). */
const languageOptions = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));

/** Create a template, or edit one; "Preview" fills the draft with sample data on the server. */
export function TemplateDialog({ template, trigger }: { template?: EmailTemplateView; trigger: ReactNode }) {
  const [preview, setPreview] = useState<TemplatePreview | null>(null);
  const initial: EmailTemplateInput = template
    ? {
        name: template.name,
        templateType: template.templateType,
        locale: localeOrDefault(template.locale),
        subject: template.subject,
        body: template.body,
        isActive: template.isActive,
      }
    : blank;
  const form = useForm<EmailTemplateInput>({ resolver: zodResolver(emailTemplateInput), defaultValues: initial });
  const { dialog, callbacks } = useFormDialog(form, initial, () => setPreview(null));
  const save = useSaveTemplate(template, callbacks);
  const showPreview = useTemplatePreview({ onSuccess: setPreview, errorFallback: 'The preview could not load' });
  const { errors } = form.formState;
  const idPrefix = template ? `template-${template.id}` : 'template-new';

  return (
    <FormDialogFrame
      {...dialog}
      trigger={trigger}
      title={template ? `Edit ${template.name}` : 'New Template'}
      description={
        <>
          Placeholders in double braces, such as {'{{customerName}}'} or {'{{orderNumber}}'}, are filled in when the
          e-mail is written.
        </>
      }
      className="max-w-2xl"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      submitLabel="Save Template"
      pendingLabel="Saving..."
      pending={save.isPending}
      secondaryAction={
        <IconButton
          icon={Eye}
          type="button"
          variant="outline"
          onClick={() => showPreview.mutate({ subject: form.getValues('subject'), body: form.getValues('body') })}
          disabled={showPreview.isPending}
        >
          Preview
        </IconButton>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${idPrefix}-name`} label="Name" error={errors.name?.message}>
          {(props) => <Input {...props} {...form.register('name')} />}
        </Field>
        <Field
          id={`${idPrefix}-type`}
          label="Template type"
          error={errors.templateType?.message}
          description="How the system finds its own e-mails (order_confirmation, additional_fee...)"
        >
          {(props) => <Input {...props} {...form.register('templateType')} />}
        </Field>
      </div>
      <SelectField
        control={form.control}
        name="locale"
        id={`${idPrefix}-locale`}
        label="Language"
        description="Customers who read this language get this template; everyone else gets the English one."
        options={languageOptions}
      />
      <Field id={`${idPrefix}-subject`} label="Subject" error={errors.subject?.message}>
        {(props) => <Input {...props} {...form.register('subject')} />}
      </Field>
      <Field id={`${idPrefix}-body`} label="Body" error={errors.body?.message}>
        {(props) => <Textarea {...props} rows={8} {...form.register('body')} />}
      </Field>
      <CheckboxField
        control={form.control}
        name="isActive"
        id={`${idPrefix}-active`}
        label="Active (offered when sending e-mail)"
      />
      {preview && (
        <section aria-label="Preview with sample data" className="grid gap-1 rounded-md border bg-muted/50 p-3 text-sm">
          <p className="font-semibold">{preview.subject}</p>
          <p className="whitespace-pre-wrap">{preview.body}</p>
        </section>
      )}
    </FormDialogFrame>
  );
}
