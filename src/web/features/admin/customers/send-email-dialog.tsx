import { localeOrDefault } from '@/i18n/locale';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { AdminCustomerDetail } from '@/contracts/admin/customers';
import { sendEmailForm, type SendEmailForm } from '@/contracts/admin/emails';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { useEmailTemplates, useTemplatePreview } from '../email-templates-api';
import { FormDialogFrame } from '@/web/components/form-dialog';
import { useFormDialog } from '../ui/form-dialog';
import { SelectField } from '../ui/form-fields';
import { IconButton } from '../ui/icon-button';
import { useSendEmail } from './api';

const NO_TEMPLATE = 'none';

export function SendEmailDialog({ customer }: { customer: AdminCustomerDetail }) {
  const blank: SendEmailForm = { templateId: NO_TEMPLATE, recipientEmail: customer.email, subject: '', body: '' };
  const form = useForm<SendEmailForm>({ resolver: zodResolver(sendEmailForm), defaultValues: blank });
  const { open, dialog, callbacks } = useFormDialog(form, blank);
  const templates = useEmailTemplates({ enabled: open });

  // Picking a template fills the subject and body with this customer's data (rendered on the server).
  const fill = useTemplatePreview({
    onSuccess: (preview) => {
      form.setValue('subject', preview.subject, { shouldValidate: form.formState.isSubmitted });
      form.setValue('body', preview.body, { shouldValidate: form.formState.isSubmitted });
    },
    errorFallback: 'Failed to load template',
  });
  const send = useSendEmail(callbacks);
  const submit = ({ templateId, ...message }: SendEmailForm) =>
    send.mutate({
      ...message,
      customerId: customer.id,
      templateId: templateId === NO_TEMPLATE ? undefined : templateId,
    });
  const { errors } = form.formState;
  const activeTemplates = (templates.data ?? []).filter((template) => template.isActive);

  return (
    <FormDialogFrame
      {...dialog}
      trigger={<IconButton icon={Send}>Send Email</IconButton>}
      title="Send Email"
      description={`To ${customer.name}. Pick a template to start from, or write your own.`}
      className="max-w-2xl"
      onSubmit={form.handleSubmit(submit)}
      pendingLabel="Sending..."
      pending={send.isPending}
      submitDisabled={fill.isPending}
    >
      <SelectField
        control={form.control}
        name="templateId"
        id="email-template"
        label="Template"
        description={fill.isPending ? 'Filling in the template...' : undefined}
        options={[
          { value: NO_TEMPLATE, label: 'No template' },
          ...activeTemplates.map((template) => ({ value: template.id, label: template.name })),
        ]}
        onValueChange={(value) => {
          const template = activeTemplates.find((candidate) => candidate.id === value);
          if (template)
            fill.mutate({
              subject: template.subject,
              body: template.body,
              customerId: customer.id,
              locale: localeOrDefault(template.locale),
            });
        }}
      />
      <Field id="email-recipient" label="Recipient" error={errors.recipientEmail?.message}>
        {(props) => <Input {...props} type="email" {...form.register('recipientEmail')} />}
      </Field>
      <Field id="email-subject" label="Subject" error={errors.subject?.message}>
        {(props) => <Input {...props} {...form.register('subject')} />}
      </Field>
      <Field id="email-body" label="Message" error={errors.body?.message}>
        {(props) => <Textarea {...props} rows={10} {...form.register('body')} />}
      </Field>
    </FormDialogFrame>
  );
}
