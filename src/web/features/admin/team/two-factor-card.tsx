import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  RECOVERY_CODE_COUNT,
  twoFactorDisableInput,
  type TwoFactorDisableInput,
  type TwoFactorStatus,
} from '@/contracts/admin/two-factor';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { showServerFieldErrors } from '@/web/lib/form-errors';
import { formatInstantDate } from '../format';
import { IconButton } from '../ui/icon-button';
import { QueryState } from '../ui/query-state';
import { SectionCard } from '../ui/section-card';
import { useDisableTwoFactor, useTwoFactorStatus } from './two-factor-api';
import { RecoveryCodesPanel, TwoFactorSetUp } from './two-factor-setup';

/** The signed-in user's own two-factor sign-in (every role): set up, the recovery codes once, turn off. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <SectionCard
      title="Two-factor sign-in"
      description="A code from your phone after your password, so a stolen password alone cannot get in."
    >
      <QueryState
        query={status}
        loadingLabel="Loading two-factor sign-in..."
        errorTitle="Two-factor sign-in could not load"
      >
        {(current) =>
          recoveryCodes ? (
            <RecoveryCodesPanel codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
          ) : current.enabled ? (
            <TurnOff status={current} />
          ) : (
            <TwoFactorSetUp onEnabled={setRecoveryCodes} />
          )
        }
      </QueryState>
    </SectionCard>
  );
}

const blank: TwoFactorDisableInput = { password: '', code: '' };

function TurnOff({ status }: { status: TwoFactorStatus }) {
  const form = useForm<TwoFactorDisableInput>({ resolver: zodResolver(twoFactorDisableInput), defaultValues: blank });
  const disable = useDisableTwoFactor({
    onSuccess: () => form.reset(blank),
    onError: (error) => {
      form.resetField('code');
      showServerFieldErrors(form.setError, error);
    },
  });
  const { errors } = form.formState;
  return (
    <div className="grid max-w-md gap-4">
      <p className="text-sm">
        <strong>On</strong>
        {status.enabledAt && <> since {formatInstantDate(status.enabledAt)}</>}. {status.recoveryCodesLeft} of{' '}
        {RECOVERY_CODE_COUNT} recovery codes left
        {status.recoveryCodesLeft <= 3 && ': turn two-factor off and on again for a new set'}.
      </p>
      <form
        noValidate
        aria-label="Turn off two-factor sign-in"
        onSubmit={form.handleSubmit((values) => disable.mutate(values))}
        className="grid gap-4"
      >
        <Field id="two-factor-off-password" label="Your password" error={errors.password?.message}>
          {(props) => (
            <Input {...props} type="password" autoComplete="current-password" {...form.register('password')} />
          )}
        </Field>
        <Field
          id="two-factor-off-code"
          label="Code from the app"
          description="Or one of your recovery codes."
          error={errors.code?.message}
        >
          {(props) => <Input {...props} autoComplete="one-time-code" spellCheck={false} {...form.register('code')} />}
        </Field>
        <div>
          <IconButton icon={ShieldOff} type="submit" variant="outline" disabled={disable.isPending}>
            {disable.isPending ? 'Turning off...' : 'Turn Off Two-Factor Sign-In'}
          </IconButton>
        </div>
      </form>
    </div>
  );
}
