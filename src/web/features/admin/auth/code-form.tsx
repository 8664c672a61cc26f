import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { adminLoginCodeInput, type AdminLoginCodeInput } from '@/contracts/admin/auth';
import { twoFactorMessages } from '@/contracts/admin/two-factor';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { ApiError } from '@/web/lib/api';
import { IconButton } from '../ui/icon-button';
import { useLoginCode } from './api';

/**
 * The second step of a sign-in with two-factor on (ADR 031): the app's 6-digit code or a recovery code. A wrong code
 * is shown under the field; a sign-in that lapsed (5 minutes) goes back to the password.
 */
export function CodeForm({ username, onRestart }: { username: string; onRestart: () => void }) {
  const form = useForm<AdminLoginCodeInput>({
    resolver: zodResolver(adminLoginCodeInput),
    defaultValues: { code: '' },
  });
  const verify = useLoginCode({
    onError: (error) => {
      form.resetField('code');
      if (error instanceof ApiError && error.message === twoFactorMessages.signInExpired) onRestart();
      else form.setError('code', { message: error.message }, { shouldFocus: true });
    },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      aria-label="Two-factor sign-in"
      onSubmit={form.handleSubmit((values) => verify.mutate(values))}
      className="grid gap-4"
    >
      <p className="text-sm">
        Signing in as <strong>{username}</strong>. Open your authenticator app and enter the code it shows for CoolRent.
      </p>
      <Field
        id="admin-code"
        label="Authentication code"
        description="6 digits from the app. Lost your phone? Enter one of your recovery codes instead."
        error={errors.code?.message}
      >
        {(props) => (
          // The one field of this step, which has just replaced the password form: focus moves to it.
          <Input {...props} autoComplete="one-time-code" autoFocus spellCheck={false} {...form.register('code')} />
        )}
      </Field>
      <IconButton icon={ShieldCheck} type="submit" disabled={verify.isPending}>
        {verify.isPending ? 'Checking...' : 'Verify'}
      </IconButton>
      <Button type="button" variant="link" onClick={onRestart}>
        Use another account
      </Button>
    </form>
  );
}
