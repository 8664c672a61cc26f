import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'wouter';
import { accountAccessInput, type AccountAccessInput } from '@/contracts/portal';
import { PageIntro } from '../components/layout/page-intro';
import { PublicLayout } from '../components/layout/public-layout';
import { Button } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';
import { Field } from '../components/ui/field';
import { Input } from '../components/ui/input';
import { apiRequest } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';

export default function AccountAccessPage() {
  useDocumentTitle('Access Your Rental Account');
  const [, navigate] = useLocation();
  const [searchParams] = useSearchParams();
  const linkExpired = searchParams.get('link') === 'expired';
  const form = useForm<AccountAccessInput>({
    resolver: zodResolver(accountAccessInput),
    defaultValues: { orderNumber: '', email: '' },
  });
  const access = useMutation({
    mutationFn: (values: AccountAccessInput) => apiRequest<{ orderId: string }>('POST', '/api/account-access', values),
    onSuccess: ({ orderId }) => navigate(`/portal/${orderId}`),
  });
  const { errors } = form.formState;

  return (
    <PublicLayout>
      <PageIntro title="Access Your Rental Account">
        For existing customers: open your rental with the order number from your confirmation e-mail and the e-mail
        address you rented with.
      </PageIntro>
      <div className="mx-auto max-w-xl px-4 py-10 sm:px-6">
        {linkExpired && (
          <p role="alert" className="mb-6 rounded-md border border-destructive/40 bg-destructive/10 p-4 text-sm">
            This sign-in link has expired or was already used. Enter your order number and e-mail below to open your
            account.
          </p>
        )}
        <Card>
          <CardContent className="pt-6">
            <form noValidate onSubmit={form.handleSubmit((values) => access.mutate(values))} className="grid gap-5">
              <Field
                id="order-number"
                label="Order ID"
                error={errors.orderNumber?.message}
                description="Your order number looks like order-7K2M9QXA."
              >
                {(props) => (
                  <Input {...props} autoComplete="off" spellCheck={false} {...form.register('orderNumber')} />
                )}
              </Field>
              <Field id="access-email" label="Email" error={errors.email?.message}>
                {(props) => <Input {...props} type="email" autoComplete="email" {...form.register('email')} />}
              </Field>
              {access.error && (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {access.error.message}
                </p>
              )}
              <Button type="submit" size="lg" disabled={access.isPending}>
                {access.isPending ? 'Checking...' : 'Access My Account'}
              </Button>
            </form>
          </CardContent>
        </Card>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Not a customer yet?{' '}
          <Link href="/checkout" className="font-medium text-primary underline underline-offset-4">
            Start New Rental
          </Link>
        </p>
      </div>
    </PublicLayout>
  );
}
