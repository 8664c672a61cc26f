import { useTranslation } from 'react-i18next';
import { useAccountFieldError } from './locale';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { accountAccessInput, type AccountAccessInput } from '@/contracts/portal';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { useAccountAccess } from './api';

/** Order number and e-mail in, the rental's portal out; a mismatch shows the server's message. */
export function AccountAccessForm() {
  const [, navigate] = useLocation();
  const form = useForm<AccountAccessInput>({
    resolver: zodResolver(accountAccessInput),
    defaultValues: { orderNumber: '', email: '' },
  });
  const access = useAccountAccess({ onSuccess: (orderId) => navigate(`/portal/${orderId}`) });
  const { errors } = form.formState;
  const { t } = useTranslation('account');
  const fieldError = useAccountFieldError();

  return (
    <Card>
      <CardContent className="pt-6">
        <form noValidate onSubmit={form.handleSubmit((values) => access.mutate(values))} className="grid gap-5">
          <Field
            id="order-number"
            label={t('access.orderNumber')}
            error={fieldError(errors.orderNumber?.message)}
            description={t('access.orderNumberHint')}
          >
            {(props) => <Input {...props} autoComplete="off" spellCheck={false} {...form.register('orderNumber')} />}
          </Field>
          <Field id="access-email" label={t('access.email')} error={fieldError(errors.email?.message)}>
            {(props) => <Input {...props} type="email" autoComplete="email" {...form.register('email')} />}
          </Field>
          {access.error && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {access.error.message}
            </p>
          )}
          <Button type="submit" size="lg" disabled={access.isPending}>
            {access.isPending ? t('access.checking') : t('access.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
