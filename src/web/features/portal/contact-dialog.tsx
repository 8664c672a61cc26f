import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { contactUpdateInput, type ContactUpdateInput } from '@/contracts/portal';
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
import { toast } from '@/web/components/ui/use-toast';
import { apiRequest } from '@/web/lib/api';
import { showServerFieldErrors } from '@/web/lib/form-errors';
import { portalQueryKey } from './use-portal';

export function ContactDialog({ orderId, current }: { orderId: string; current: ContactUpdateInput }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const form = useForm<ContactUpdateInput>({ resolver: zodResolver(contactUpdateInput), defaultValues: current });
  const save = useMutation({
    mutationFn: (values: ContactUpdateInput) => apiRequest('PATCH', `/api/portal/${orderId}/contact`, values),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: portalQueryKey(orderId) });
      setOpen(false);
      toast({ title: 'Contact Info Updated', description: 'Your contact details have been saved.' });
    },
    onError: (error) => {
      showServerFieldErrors(form.setError, error);
      toast({ title: 'Update Failed', description: error.message, variant: 'destructive' });
    },
  });
  const { errors } = form.formState;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset(current);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">Update Contact Info</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Update Contact Info</DialogTitle>
          <DialogDescription>We use these to reach you about delivery, billing and support.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="grid gap-4">
          <Field id="contact-name" label="Full name" error={errors.name?.message}>
            {(props) => <Input {...props} autoComplete="name" {...form.register('name')} />}
          </Field>
          <Field id="contact-email" label="Email" error={errors.email?.message}>
            {(props) => <Input {...props} type="email" autoComplete="email" {...form.register('email')} />}
          </Field>
          <Field id="contact-phone" label="Phone" error={errors.phone?.message}>
            {(props) => <Input {...props} type="tel" autoComplete="tel" {...form.register('phone')} />}
          </Field>
          <DialogFooter>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
