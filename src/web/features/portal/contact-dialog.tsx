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

  return (
    <FormDialog
      trigger={<Button variant="outline">Update Contact Info</Button>}
      title="Update Contact Info"
      description="We use these to reach you about delivery, billing and support."
      form={form}
      onSubmit={save.mutateAsync}
      onOpen={() => form.reset(current)}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      pending={save.isPending}
    >
      <Field id="contact-name" label="Full name" error={errors.name?.message}>
        {(props) => <Input {...props} autoComplete="name" {...form.register('name')} />}
      </Field>
      <Field id="contact-email" label="Email" error={errors.email?.message}>
        {(props) => <Input {...props} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <Field id="contact-phone" label="Phone" error={errors.phone?.message}>
        {(props) => <Input {...props} type="tel" autoComplete="tel" {...form.register('phone')} />}
      </Field>
    </FormDialog>
  );
}
