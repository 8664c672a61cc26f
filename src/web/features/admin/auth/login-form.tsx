import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { adminLoginInput, type AdminLoginInput } from '@/contracts/admin/auth';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { IconButton } from '../ui/icon-button';
import { useLogin, useLoginInfo } from './api';
import { CodeForm } from './code-form';

/** The sign-in: username and password, then (for an admin with two-factor on) the code from the app. */
export function LoginForm() {
  const info = useLoginInfo();
  const form = useForm<AdminLoginInput>({
    resolver: zodResolver(adminLoginInput),
    defaultValues: { username: '', password: '' },
  });
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const login = useLogin({
    onSuccess: (result) => {
      form.resetField('password');
      if (result.codeRequired) setCodeFor(result.username);
    },
    onError: () => form.resetField('password'),
  });
  const { errors } = form.formState;
  const demo = info.data?.demoCredentials;

  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 py-8">
      <h1 className="text-center text-3xl font-bold tracking-tight">Admin Dashboard</h1>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Sign in</h2>
          </CardTitle>
          <CardDescription>
            For the owner of the business. Customers manage their rental from their account page.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {codeFor ? (
            <CodeForm username={codeFor} onRestart={() => setCodeFor(null)} />
          ) : (
            <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))} className="grid gap-4">
              <Field id="admin-username" label="Username" error={errors.username?.message}>
                {(props) => <Input {...props} autoComplete="username" {...form.register('username')} />}
              </Field>
              <Field id="admin-password" label="Password" error={errors.password?.message}>
                {(props) => (
                  <Input {...props} type="password" autoComplete="current-password" {...form.register('password')} />
                )}
              </Field>
              <IconButton icon={LogIn} type="submit" disabled={login.isPending}>
                {login.isPending ? 'Signing in...' : 'Sign In'}
              </IconButton>
            </form>
          )}
          {demo && !codeFor && (
            <p className="mt-4 rounded-md bg-secondary p-3 text-sm text-secondary-foreground">
              Demo credentials: username <strong>{demo.username}</strong>, password <strong>{demo.password}</strong>
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
