import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { CreditCard } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { formatCents } from '@/contracts/money';
import { cardPaymentInput, type CardPayment, type CardPaymentInput, type PaySessionView } from '@/contracts/payments';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { messageMatcher, useServerMessage } from '@/web/i18n/server-message';
import { pay as payCatalog } from '@/i18n/en/pay';
import { usePayWithCard } from './api';

// The session's descriptions come from the server in English; known ones are shown in the reader's language.
const findDescription = messageMatcher<keyof typeof payCatalog.descriptions>(payCatalog.descriptions);

/** "then $39.00 per month from …" (or per week on the weekly plan): the rent after what is paid now. */
function recurringText(view: PaySessionView, t: TFunction<'pay'>, amount: string, locale: string): string {
  const weekly = view.interval === 'week';
  if (!view.renewsOn) return t(weekly ? 'perWeek' : 'perMonth', { amount });
  return t(weekly ? 'perWeekFrom' : 'perMonthFrom', { amount, date: formatDay(view.renewsOn, locale) });
}

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

/** An input that reshapes what is typed (digit groups, "MM / YY") before the form sees it. */
function FormattedInput({
  format,
  onChange,
  ...props
}: ComponentProps<typeof Input> & { format: (value: string) => string }) {
  return (
    <Input
      {...props}
      onChange={(event) => {
        event.target.value = format(event.target.value);
        return onChange?.(event);
      }}
    />
  );
}

/** The card form: Stripe's test cards only; pays a checkout or, from the billing portal, saves a new card. */
export function PaymentForm({ view }: { view: PaySessionView }) {
  const isPortal = view.kind === 'portal';
  const form = useForm<CardPaymentInput, unknown, CardPayment>({
    resolver: zodResolver(cardPaymentInput),
    defaultValues: { cardNumber: '', expiry: '', cvc: '', name: '' },
  });
  const pay = usePayWithCard(view.id);
  const { errors } = form.formState;
  const { t, i18n } = useTranslation('pay');
  const message = useServerMessage();
  const describe = (text: string) => {
    const found = findDescription(text);
    return found ? t(`descriptions.${found.key}`, { ...found.values, interpolation: { escapeValue: false } }) : text;
  };
  const amount = formatCents(view.amountCents);
  // With a first renewal date the first month is one of the one-time items; the monthly amount starts then.
  const dueNowCents = view.oneTimeItems.reduce((sum, item) => sum + item.amountCents, 0);
  const dueNow = formatCents(view.renewsOn ? dueNowCents : view.amountCents + dueNowCents);
  const locale = i18n.language === 'es' ? 'es-US' : 'en-US';

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h1 className="flex items-center gap-2 text-xl">
            <CreditCard aria-hidden="true" className="size-5 text-primary" />
            {isPortal ? t('updateTitle') : t('payTitle', { amount: dueNow })}
          </h1>
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {describe(view.description)}
          {!isPortal && ` · ${recurringText(view, t, amount, locale)}`} · {view.email}
        </p>
        {!isPortal &&
          view.oneTimeItems.map((item) => (
            <p key={item.description} className="text-sm text-muted-foreground">
              {t('oneTimeItem', { description: describe(item.description), amount: formatCents(item.amountCents) })}
            </p>
          ))}
        {view.cardOnFile && (
          <p className="text-sm">
            <Trans
              t={t}
              i18nKey="cardOnFile"
              values={{ brand: view.cardOnFile.brand, last4: view.cardOnFile.last4 }}
              components={{ brand: <span className="font-medium capitalize" /> }}
            />
          </p>
        )}
      </CardHeader>
      <CardContent className="grid gap-5">
        <p className="rounded-md border border-primary/30 bg-primary/5 p-3 text-sm">
          <Trans t={t} i18nKey="testNotice" components={{ card: <span className="font-mono" /> }} />
        </p>
        <form noValidate onSubmit={form.handleSubmit((card) => pay.mutate(card))} className="grid gap-4">
          <Field id="pay-card-number" label={t('cardNumber')} error={message(errors.cardNumber?.message)}>
            {(props) => (
              <FormattedInput
                {...props}
                format={formatCardNumber}
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 1234 1234 1234"
                {...form.register('cardNumber')}
              />
            )}
          </Field>
          <div className="grid grid-cols-[3fr_2fr] gap-4">
            <Field id="pay-expiry" label={t('expiry')} error={message(errors.expiry?.message)}>
              {(props) => (
                <FormattedInput
                  {...props}
                  format={formatExpiry}
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder={t('expiryPlaceholder')}
                  {...form.register('expiry')}
                />
              )}
            </Field>
            <Field id="pay-cvc" label={t('cvc')} error={message(errors.cvc?.message)}>
              {(props) => (
                <Input {...props} inputMode="numeric" autoComplete="cc-csc" maxLength={4} {...form.register('cvc')} />
              )}
            </Field>
          </div>
          <Field id="pay-name" label={t('nameOnCard')} error={message(errors.name?.message)}>
            {(props) => <Input {...props} autoComplete="cc-name" {...form.register('name')} />}
          </Field>
          {pay.error && (
            <p
              role="alert"
              className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium"
            >
              {message(pay.error.message)}
            </p>
          )}
          <Button type="submit" size="lg" disabled={pay.isPending || pay.isSuccess}>
            {pay.isPending || pay.isSuccess
              ? t('processing')
              : isPortal
                ? t('saveCard')
                : t('payAmount', { amount: dueNow })}
          </Button>
        </form>
        <a href={view.cancelUrl} className="text-center text-sm font-medium text-primary underline underline-offset-4">
          {isPortal ? t('cancelPortal') : t('cancelCheckout')}
        </a>
      </CardContent>
    </Card>
  );
}

/** A YYYY-MM-DD day as the reader's language writes it ("January 16, 2027" / "16 de enero de 2027"). */
function formatDay(isoDate: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T12:00:00Z`),
  );
}
