import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  adminRoleLabels,
  changeOwnPasswordInput,
  MIN_PASSWORD_LENGTH,
  type AdminMe,
  type ChangeOwnPasswordInput,
} from '@/contracts/admin/team';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { showServerFieldErrors } from '@/web/lib/form-errors';
import { IconButton } from '../ui/icon-button';
import { SectionCard } from '../ui/section-card';
import { useChangeOwnPassword } from './api';

const blank: ChangeOwnPasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Who is signed in, and their own password (everyone, whatever the role). */
export function ChangePasswordCard({ me }: { me: AdminMe }) {
  const form = useForm<ChangeOwnPasswordInput>({ resolver: zodResolver(changeOwnPasswordInput), defaultValues: blank });
  const change = useChangeOwnPassword({
    onSuccess: () => form.reset(blank),
    onError: (error) => showServerFieldErrors(form.setError, error),
  });
  const { errors } = form.formState;
  const password = (name: keyof ChangeOwnPasswordInput, autoComplete: string) => (props: object) => (
    <Input {...props} type="password" autoComplete={autoComplete} {...form.register(name)} />
  );

  return (
    <SectionCard
      title="Your account"
      description={
        <>
          Signed in as <strong>{me.username}</strong> ({me.email}) · {adminRoleLabels[me.role]}
        </>
      }
    >
      <form
        noValidate
        aria-label="Change your password"
        onSubmit={form.handleSubmit((values) => change.mutate(values))}
        className="grid max-w-md gap-4"
      >
        <Field id="own-current-password" label="Current password" error={errors.currentPassword?.message}>
          {password('currentPassword', 'current-password')}
        </Field>
        <Field
          id="own-new-password"
          label="New password"
          description={`At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a good one.`}
          error={errors.newPassword?.message}
        >
          {password('newPassword', 'new-password')}
        </Field>
        <Field id="own-confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
          {password('confirmPassword', 'new-password')}
        </Field>
        <div>
          <IconButton icon={KeyRound} type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change Password'}
          </IconButton>
        </div>
      </form>
    </SectionCard>
  );
}
