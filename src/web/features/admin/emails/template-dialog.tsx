import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  emailTemplateInput,
  type EmailTemplateInput,
  type EmailTemplateView,
  type TemplatePreview,
} from '@/contracts/admin/emails';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
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
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/components/ui/use-toast';
import { showServerFieldErrors } from '@/web/lib/form-errors';
import { adminKeys, adminRequest, errorMessage } from '../api';

const blank: EmailTemplateInput = { name: '', templateType: 'general', subject: '', body: '', isActive: true };

/** Create a template, or edit one; "Preview" fills the draft with sample data on the server. */
export function TemplateDialog({ template, trigger }: { template?: EmailTemplateView; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<TemplatePreview | null>(null);
  const queryClient = useQueryClient();
  const initial: EmailTemplateInput = template
    ? {
        name: template.name,
        templateType: template.templateType,
        subject: template.subject,
        body: template.body,
        isActive: template.isActive,
      }
    : blank;
  const form = useForm<EmailTemplateInput>({ resolver: zodResolver(emailTemplateInput), defaultValues: initial });

  const save = useMutation({
    mutationFn: (values: EmailTemplateInput) =>
      template
        ? adminRequest('PATCH', `/api/admin/email-templates/${template.id}`, values)
        : adminRequest('POST', '/api/admin/email-templates', values),
    onSuccess: async () => {
      setOpen(false);
      toast({ title: 'Saved', description: template ? 'Template updated' : 'Template created' });
      await queryClient.invalidateQueries({ queryKey: adminKeys.templates });
    },
    onError: (error) => {
      showServerFieldErrors(form.setError, error);
      toast({
        title: 'Error',
        description: errorMessage(error, 'The template could not be saved'),
        variant: 'destructive',
      });
    },
  });
  const showPreview = useMutation({
    mutationFn: () =>
      adminRequest<TemplatePreview>('POST', '/api/admin/email-templates/preview', {
        subject: form.getValues('subject'),
        body: form.getValues('body'),
      }),
    onSuccess: setPreview,
    onError: (error) =>
      toast({ title: 'Error', description: errorMessage(error, 'The preview could not load'), variant: 'destructive' }),
  });
  const { errors } = form.formState;
  const idPrefix = template ? `template-${template.id}` : 'template-new';

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          form.reset(initial);
          setPreview(null);
        }
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{template ? `Edit ${template.name}` : 'New Template'}</DialogTitle>
          <DialogDescription>
            Placeholders in double braces, such as {'{{customerName}}'} or {'{{orderNumber}}'}, are filled in when the
            e-mail is written.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="grid gap-4">
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
          <Field id={`${idPrefix}-subject`} label="Subject" error={errors.subject?.message}>
            {(props) => <Input {...props} {...form.register('subject')} />}
          </Field>
          <Field id={`${idPrefix}-body`} label="Body" error={errors.body?.message}>
            {(props) => <Textarea {...props} rows={8} {...form.register('body')} />}
          </Field>
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <div className="flex items-center gap-2">
                <Checkbox
                  id={`${idPrefix}-active`}
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                />
                <Label htmlFor={`${idPrefix}-active`}>Active (offered when sending e-mail)</Label>
              </div>
            )}
          />
          {preview && (
            <section
              aria-label="Preview with sample data"
              className="grid gap-1 rounded-md border bg-muted/50 p-3 text-sm"
            >
              <p className="font-semibold">{preview.subject}</p>
              <p className="whitespace-pre-wrap">{preview.body}</p>
            </section>
          )}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => showPreview.mutate()}
              disabled={showPreview.isPending}
            >
              <Eye aria-hidden="true" />
              Preview
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Template'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
