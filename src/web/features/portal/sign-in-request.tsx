import { useTranslation } from 'react-i18next';
import { useAccountFieldError } from './locale';
import { zodResolver } from '@hookform/resolvers/zod';
import { LockKeyhole, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { signInLinkInput, type SignInLinkInput } from '@/contracts/sign-in-links';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { useRequestSignInLink } from './sign-in-api';

/**
 * The portal on a browser that is not signed in (a link opened in a phone's mail app): the same page for any
 * order id, real or not, offering a sign-in e-mail. The answer never says whether the address is a customer's.
 */
export function SignInRequest({ orderId }: { orderId: string }) {
  const form = useForm<SignInLinkInput>({ resolver: zodResolver(signInLinkInput), defaultValues: { email: '' } });
  const request = useRequestSignInLink();
  const { errors } = form.formState;
  const { t } = useTranslation('account');
  const emailError = useAccountFieldError()(errors.email?.message);

  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <div className="flex flex-col items-center text-center">
        <LockKeyhole aria-hidden="true" className="size-12 text-muted-foreground" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight">{t('signIn.title')}</h1>
        <p className="mt-3 text-muted-foreground">{t('signIn.intro')}</p>
      </div>
      <Card className="mt-8">
        <CardContent className="pt-6">
          {request.isSuccess ? (
            <div role="status" className="flex flex-col items-center gap-3 text-center">
              <MailCheck aria-hidden="true" className="size-10 text-primary" />
              <p className="font-medium">{t('signIn.checkEmail')}</p>
              <p className="text-sm text-muted-foreground">{t('signIn.sent')}</p>
              <Button variant="outline" onClick={() => request.reset()}>
                {t('signIn.anotherEmail')}
              </Button>
            </div>
          ) : (
            <form
              noValidate
              onSubmit={form.handleSubmit((values) => request.mutate({ email: values.email, orderId }))}
              className="grid gap-5"
            >
              <Field id="sign-in-email" label={t('signIn.email')} error={emailError}>
                {(props) => <Input {...props} type="email" autoComplete="email" {...form.register('email')} />}
              </Field>
              {request.error && (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {request.error.message}
                </p>
              )}
              <Button type="submit" size="lg" disabled={request.isPending}>
                {request.isPending ? t('signIn.sending') : t('signIn.submit')}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {t('signIn.haveOrderNumber')}{' '}
        <Link href="/account-access" className="font-medium text-primary underline underline-offset-4">
          {t('signIn.accessAccount')}
        </Link>{' '}
        {t('signIn.withItInstead')}{' '}
        <Link href="/contact" className="font-medium text-primary underline underline-offset-4">
          {t('signIn.contactSupport')}
        </Link>
        .
      </p>
    </div>
  );
}
