import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { AdminCustomerDetail } from '@/contracts/admin/customers';
import {
  sendEmailForm,
  type EmailTemplateView,
  type SendEmailForm,
  type TemplatePreview,
} from '@/contracts/admin/emails';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/components/ui/use-toast';
import { showServerFieldErrors } from '@/web/lib/form-errors';
import { adminGet, adminKeys, adminRequest, errorMessage } from '../api';

const NO_TEMPLATE = 'none';

export function SendEmailDialog({ customer }: { customer: AdminCustomerDetail }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const templates = useQuery({
    queryKey: adminKeys.templates,
    queryFn: () => adminGet<EmailTemplateView[]>('/api/admin/email-templates'),
    enabled: open,
  });
  const blank: SendEmailForm = { templateId: NO_TEMPLATE, recipientEmail: customer.email, subject: '', body: '' };
  const form = useForm<SendEmailForm>({ resolver: zodResolver(sendEmailForm), defaultValues: blank });

  // Picking a template fills the subject and body with this customer's data (rendered on the server).
  const fill = useMutation({
    mutationFn: (template: EmailTemplateView) =>
      adminRequest<TemplatePreview>('POST', '/api/admin/email-templates/preview', {
        subject: template.subject,
        body: template.body,
        customerId: customer.id,
      }),
    onSuccess: (preview) => {
      form.setValue('subject', preview.subject, { shouldValidate: form.formState.isSubmitted });
      form.setValue('body', preview.body, { shouldValidate: form.formState.isSubmitted });
    },
    onError: (error) =>
      toast({ title: 'Error', description: errorMessage(error, 'Failed to load template'), variant: 'destructive' }),
  });

  const send = useMutation({
    mutationFn: (values: SendEmailForm) =>
      adminRequest('POST', '/api/admin/send-email', {
        customerId: customer.id,
        templateId: values.templateId === NO_TEMPLATE ? undefined : values.templateId,
        recipientEmail: values.recipientEmail,
        subject: values.subject,
        body: values.body,
      }),
    onSuccess: async () => {
      setOpen(false);
      toast({ title: 'Success', description: 'Email sent successfully' });
      await queryClient.invalidateQueries({ queryKey: adminKeys.emailLogs });
    },
    onError: (error) => {
      showServerFieldErrors(form.setError, error);
      toast({ title: 'Error', description: errorMessage(error, 'Failed to send email'), variant: 'destructive' });
    },
  });
  const { errors } = form.formState;
  const activeTemplates = (templates.data ?? []).filter((template) => template.isActive);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset(blank);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Send aria-hidden="true" />
          Send Email
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Send Email</DialogTitle>
          <DialogDescription>To {customer.name}. Pick a template to start from, or write your own.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))} className="grid gap-4">
          <Field
            id="email-template"
            label="Template"
            description={fill.isPending ? 'Filling in the template...' : undefined}
          >
            {(props) => (
              <Controller
                control={form.control}
                name="templateId"
                render={({ field }) => (
                  <Select
                    value={field.value}
                    onValueChange={(value) => {
                      field.onChange(value);
                      const template = activeTemplates.find((candidate) => candidate.id === value);
                      if (template) fill.mutate(template);
                    }}
                  >
                    <SelectTrigger {...props}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={NO_TEMPLATE}>No template</SelectItem>
                      {activeTemplates.map((template) => (
                        <SelectItem key={template.id} value={template.id}>
                          {template.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </Field>
          <Field id="email-recipient" label="Recipient" error={errors.recipientEmail?.message}>
            {(props) => <Input {...props} type="email" {...form.register('recipientEmail')} />}
          </Field>
          <Field id="email-subject" label="Subject" error={errors.subject?.message}>
            {(props) => <Input {...props} {...form.register('subject')} />}
          </Field>
          <Field id="email-body" label="Message" error={errors.body?.message}>
            {(props) => <Textarea {...props} rows={10} {...form.register('body')} />}
          </Field>
          <DialogFooter>
            <Button type="submit" disabled={send.isPending || fill.isPending}>
              {send.isPending ? 'Sending...' : 'Send Email'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
