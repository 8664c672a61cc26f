import { useTranslation } from 'react-i18next';
import { useServerMessage } from '@/web/i18n/server-message';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { contactUpdateInput, type ContactUpdateInput } from '@/contracts/portal';
import { FormDialog } from '@/web/components/form-dialog';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { useUpdateContact } from './api';

export function ContactDialog({ orderId, current }: { orderId: string; current: ContactUpdateInput }) {
  const form = useForm<ContactUpdateInput>({ resolver: zodResolver(contactUpdateInput), defaultValues: current });
  const save = useUpdateContact(orderId);
  const { errors } = form.formState;
  const { t } = useTranslation('portal');
  const serverMessage = useServerMessage();

  return (
    <FormDialog
      trigger={<Button variant="outline">{t('contactDialog.trigger')}</Button>}
      title={t('contactDialog.title')}
      description={t('contactDialog.description')}
      form={form}
      onSubmit={save.mutateAsync}
      onOpen={() => form.reset(current)}
      submitLabel={t('contactDialog.submit')}
      pendingLabel={t('contactDialog.pending')}
      pending={save.isPending}
    >
      <Field id="contact-name" label={t('contactDialog.name')} error={serverMessage(errors.name?.message)}>
        {(props) => <Input {...props} autoComplete="name" {...form.register('name')} />}
      </Field>
      <Field id="contact-email" label={t('contactDialog.email')} error={serverMessage(errors.email?.message)}>
        {(props) => <Input {...props} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <Field id="contact-phone" label={t('contactDialog.phone')} error={serverMessage(errors.phone?.message)}>
        {(props) => <Input {...props} type="tel" autoComplete="tel" {...form.register('phone')} />}
      </Field>
    </FormDialog>
  );
}
