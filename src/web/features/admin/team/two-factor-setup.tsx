import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, Download, ShieldCheck, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  twoFactorEnableInput,
  twoFactorSetupInput,
  type TwoFactorEnableInput,
  type TwoFactorSetup,
  type TwoFactorSetupInput,
} from '@/contracts/admin/two-factor';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { toast } from '@/web/components/ui/use-toast';
import { showServerFieldErrors } from '@/web/lib/form-errors';
import { IconButton } from '../ui/icon-button';
import { useEnableTwoFactor, useStartTwoFactorSetup } from './two-factor-api';

/**
 * Setting up two-factor sign-in: the password again, then the QR code (and the key as text, for an app that cannot
 * scan), then the app's first code, which switches it on and brings the recovery codes.
 */
export function TwoFactorSetUp({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const form = useForm<TwoFactorSetupInput>({
    resolver: zodResolver(twoFactorSetupInput),
    defaultValues: { password: '' },
  });
  const start = useStartTwoFactorSetup({
    onSuccess: (answer) => {
      form.reset();
      setSetup(answer);
    },
    onError: (error) => showServerFieldErrors(form.setError, error),
  });

  if (setup) return <ConfirmWithCode setup={setup} onCancel={() => setSetup(null)} onEnabled={onEnabled} />;
  return (
    <form
      noValidate
      aria-label="Set up two-factor sign-in"
      onSubmit={form.handleSubmit((values) => start.mutate(values))}
      className="grid max-w-md gap-4"
    >
      <p className="text-sm text-muted-foreground">
        After your password, sign-in will also ask for a code from an authenticator app on your phone (Google
        Authenticator, Microsoft Authenticator, 1Password, Authy...), so a stolen password alone cannot get in.
      </p>
      <Field id="two-factor-setup-password" label="Your password" error={form.formState.errors.password?.message}>
        {(props) => <Input {...props} type="password" autoComplete="current-password" {...form.register('password')} />}
      </Field>
      <div>
        <IconButton icon={Smartphone} type="submit" disabled={start.isPending}>
          {start.isPending ? 'Starting...' : 'Set Up Two-Factor Sign-In'}
        </IconButton>
      </div>
    </form>
  );
}

function ConfirmWithCode({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (recoveryCodes: string[]) => void;
}) {
  const form = useForm<TwoFactorEnableInput>({
    resolver: zodResolver(twoFactorEnableInput),
    defaultValues: { code: '' },
  });
  const enable = useEnableTwoFactor({
    onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
    onError: (error) => {
      form.resetField('code');
      showServerFieldErrors(form.setError, error);
    },
  });
  return (
    <div className="grid max-w-md gap-4">
      <ol className="grid list-decimal gap-3 pl-5 text-sm">
        <li>
          Scan this QR code with your authenticator app:
          <img
            src={setup.qrCodeDataUrl}
            alt="QR code that adds CoolRent to your authenticator app"
            width={232}
            height={232}
            className="mt-2 rounded-md border bg-white"
          />
        </li>
        <li>
          Cannot scan it? Add an account in the app by hand with this key:{' '}
          <code aria-label="Setup key" className="rounded bg-muted px-1.5 py-0.5 font-mono break-all">
            {setup.secret.match(/.{1,4}/g)!.join(' ')}
          </code>
        </li>
        <li>Enter the 6-digit code the app now shows for CoolRent.</li>
      </ol>
      <form
        noValidate
        aria-label="Confirm two-factor sign-in"
        onSubmit={form.handleSubmit((values) => enable.mutate(values))}
        className="grid gap-4"
      >
        <Field id="two-factor-setup-code" label="Code from the app" error={form.formState.errors.code?.message}>
          {(props) => <Input {...props} autoComplete="one-time-code" inputMode="numeric" {...form.register('code')} />}
        </Field>
        <div className="flex flex-wrap gap-2">
          <IconButton icon={ShieldCheck} type="submit" disabled={enable.isPending}>
            {enable.isPending ? 'Turning on...' : 'Turn On'}
          </IconButton>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

/** The recovery codes, shown once: to copy, to download, and a button to say they are saved. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `CoolRent dashboard recovery codes (each works once):\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied', description: 'The recovery codes are on your clipboard.' });
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Select the codes and copy them by hand.',
        variant: 'destructive',
      });
    }
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'coolrent-recovery-codes.txt';
    link.click();
    // The download has started from the address by then; it need not be kept.
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  };
  return (
    <div className="grid max-w-md gap-4">
      <p className="text-sm">
        <strong>Save these recovery codes now: they are shown only once.</strong> If you lose your phone, each code
        signs you in once in place of the app&apos;s code. Keep them apart from your password.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md bg-muted p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <IconButton icon={Copy} type="button" variant="outline" onClick={() => void copy()}>
          Copy
        </IconButton>
        <IconButton icon={Download} type="button" variant="outline" onClick={download}>
          Download
        </IconButton>
        <Button type="button" onClick={onDone}>
          I Have Saved Them
        </Button>
      </div>
    </div>
  );
}
