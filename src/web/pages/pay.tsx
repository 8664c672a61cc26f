import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CreditCard, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'wouter';
import { formatCents } from '@/contracts/money';
import {
  cardPaymentInput,
  type CardPayment,
  type CardPaymentInput,
  type PayResult,
  type PaySessionView,
} from '@/contracts/payments';
import { Brand } from '../components/layout/brand';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Field } from '../components/ui/field';
import { Input } from '../components/ui/input';
import { PageSpinner } from '../components/ui/spinner';
import { apiRequest } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';

/** Groups the digits in fours as the customer types, the way card forms do. */
function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" → "12 / 34" while typing. */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/**
 * /pay/{sessionId}: the embedded payment provider's hosted page (used when Stripe is not configured). It takes
 * Stripe's test cards only, and doubles as the billing portal's card update.
 */
export default function PayPage() {
  const { sessionId = '' } = useParams<{ sessionId: string }>();
  const session = useQuery({
    queryKey: ['/api/pay/sessions', sessionId],
    queryFn: () => apiRequest<PaySessionView>('GET', `/api/pay/sessions/${encodeURIComponent(sessionId)}`),
  });
  useDocumentTitle(session.data?.kind === 'portal' ? 'Update Payment Method' : 'Payment');

  let content: ReactNode;
  if (session.isPending) content = <PageSpinner label="Loading payment page..." />;
  else if (!session.data) {
    content = <Message title="Payment page not found">This payment link is not valid.</Message>;
  } else if (session.data.status === 'complete') {
    content = (
      <Message title={session.data.kind === 'portal' ? 'Card updated' : 'Payment complete'}>
        {session.data.completedUrl && (
          <Button asChild>
            <a href={session.data.completedUrl}>Continue</a>
          </Button>
        )}
      </Message>
    );
  } else if (session.data.status === 'expired') {
    content = (
      <Message title="This payment page has expired">
        Nothing was charged.{' '}
        <a href={session.data.cancelUrl} className="font-medium text-primary underline underline-offset-4">
          Start again
        </a>
      </Message>
    );
  } else {
    content = <PaymentForm view={session.data} />;
  }

  return (
    <div className="min-h-dvh bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-lg items-center justify-between px-4 py-4">
          <Brand />
          <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
            <Lock aria-hidden="true" className="size-4" /> Secure payment
          </span>
        </div>
      </header>
      <main className="mx-auto max-w-lg px-4 py-8">{content}</main>
    </div>
  );
}

function Message({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Card>
      <CardContent className="space-y-4 py-8 text-center">
        <h1 className="text-2xl font-bold">{title}</h1>
        <div className="text-muted-foreground">{children}</div>
      </CardContent>
    </Card>
  );
}

function PaymentForm({ view }: { view: PaySessionView }) {
  const isPortal = view.kind === 'portal';
  const form = useForm<CardPaymentInput, unknown, CardPayment>({
    resolver: zodResolver(cardPaymentInput),
    defaultValues: { cardNumber: '', expiry: '', cvc: '', name: '' },
  });
  const pay = useMutation({
    mutationFn: (card: CardPayment) =>
      apiRequest<PayResult>('POST', `/api/pay/sessions/${encodeURIComponent(view.id)}`, card),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
  });
  const { errors } = form.formState;
  const cardNumber = form.register('cardNumber');
  const expiry = form.register('expiry');
  const amount = formatCents(view.amountCents);

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h1 className="flex items-center gap-2 text-xl">
            <CreditCard aria-hidden="true" className="size-5 text-primary" />
            {isPortal ? 'Update Payment Method' : `Pay ${amount}`}
          </h1>
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {view.description}
          {!isPortal && ` · ${amount} per month`} · {view.email}
        </p>
        {view.cardOnFile && (
          <p className="text-sm">
            Card on file: <span className="font-medium capitalize">{view.cardOnFile.brand}</span> ending in{' '}
            {view.cardOnFile.last4}
          </p>
        )}
      </CardHeader>
      <CardContent className="grid gap-5">
        <p className="rounded-md border border-primary/30 bg-primary/5 p-3 text-sm">
          Test payment page: no real card is charged. Pay with <span className="font-mono">4242 4242 4242 4242</span>;{' '}
          <span className="font-mono">4000 0000 0000 0002</span> is declined.
        </p>
        <form noValidate onSubmit={form.handleSubmit((card) => pay.mutate(card))} className="grid gap-4">
          <Field id="pay-card-number" label="Card number" error={errors.cardNumber?.message}>
            {(props) => (
              <Input
                {...props}
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 1234 1234 1234"
                {...cardNumber}
                onChange={(event) => {
                  event.target.value = formatCardNumber(event.target.value);
                  return cardNumber.onChange(event);
                }}
              />
            )}
          </Field>
          <div className="grid grid-cols-2 gap-4">
            <Field id="pay-expiry" label="Expiry (MM / YY)" error={errors.expiry?.message}>
              {(props) => (
                <Input
                  {...props}
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder="MM / YY"
                  {...expiry}
                  onChange={(event) => {
                    event.target.value = formatExpiry(event.target.value);
                    return expiry.onChange(event);
                  }}
                />
              )}
            </Field>
            <Field id="pay-cvc" label="CVC" error={errors.cvc?.message}>
              {(props) => (
                <Input {...props} inputMode="numeric" autoComplete="cc-csc" maxLength={4} {...form.register('cvc')} />
              )}
            </Field>
          </div>
          <Field id="pay-name" label="Name on card" error={errors.name?.message}>
            {(props) => <Input {...props} autoComplete="cc-name" {...form.register('name')} />}
          </Field>
          {pay.error && (
            <p
              role="alert"
              className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium"
            >
              {pay.error.message}
            </p>
          )}
          <Button type="submit" size="lg" disabled={pay.isPending || pay.isSuccess}>
            {pay.isPending || pay.isSuccess ? 'Processing...' : isPortal ? 'Save Card' : `Pay ${amount}`}
          </Button>
        </form>
        <a href={view.cancelUrl} className="text-center text-sm font-medium text-primary underline underline-offset-4">
          {isPortal ? 'Cancel and return to your account' : 'Cancel and return to checkout'}
        </a>
      </CardContent>
    </Card>
  );
}
