import { ExternalLink } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CheckoutRegistration, CheckoutRegistrationInput } from '@/contracts/checkout';
import { latestRentalStartDate, OUT_OF_AREA_CODE } from '@/contracts/checkout-terms';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/components/ui/use-toast';
import { ApiError } from '@/web/lib/api';
import { useHydrated } from '@/web/lib/use-hydrated';
import { useDeliveryTerms } from '@/web/lib/service-area';
import { AgreementSummary } from './agreement-summary';
import { useDeliveryQuote } from './api';
import { DormQuestion } from './dorm-question';
import { checkoutFormFields, readSavedCheckout, readDormAnswerBeforeHydration, saveCheckout } from './form-storage';
import { useServerMessage } from '@/web/i18n/server-message';
import { isOutOfStockMessage } from './messages';
import { PriceSummary } from './plan-summary';
import { ZipNotice } from './service-area-lead';

const fieldNames = checkoutFormFields;
const FORM_ID = 'checkout-registration';

/** The schema and zod (most of the form's JavaScript) load when the form is first used, not before it shows. */
const loadValidation = () => import('./registration-validation');

const registrationResolver: Resolver<CheckoutRegistrationInput, unknown, CheckoutRegistration> = async (
  values,
  context,
  options,
) => (await loadValidation()).registrationResolver(values, context, options);

export interface RegistrationSubmit {
  values: CheckoutRegistration;
  /** Stays the same while the form is unchanged, so a repeated submit is recognised as the same checkout. */
  checkoutKey: string;
  agreedAt: string;
}

/**
 * Step 1 of /checkout. The fields follow spec section 5 through the shared `checkoutRegistration` schema; the
 * submit button reads as disabled (aria-disabled) until the agreement is ticked, and pressing it anyway explains
 * why with the spec's 'Agreement Required' toast instead of silently doing nothing.
 *
 * What is typed is kept in this tab's sessionStorage (./form-storage.ts) and brought back on load, so returning
 * from the payment page keeps it. The agreement's tick is not kept: it is given again, consciously, before paying.
 * A 409 "out of stock" keeps everything and lets the page offer the models in stock (`onOutOfStock`).
 *
 * The server renders it too (ADR 027): its fields show before any JavaScript runs, the submit button is disabled
 * until hydrated, and the validation's code loads on the form's first focus (or the first submit).
 */
export function RegistrationForm({
  onSubmit,
  pending,
  modelId,
  onOutOfStock,
  children,
}: {
  onSubmit: (submission: RegistrationSubmit) => Promise<unknown>;
  pending: boolean;
  /** The chosen model: kept with the form, and a new choice makes a new checkout key. */
  modelId: string | undefined;
  onOutOfStock: () => void;
  /** Shown at the top of the form (the model picker). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('checkout');
  const serverMessage = useServerMessage();
  // The server rendered this page at start-up, maybe days ago: the date bounds are the browser's, once hydrated.
  const hydrated = useHydrated();
  const today = todayInLosAngeles();
  const [dormAnswerBeforeHydration] = useState(() => readDormAnswerBeforeHydration(FORM_ID));
  const form = useForm<CheckoutRegistrationInput, unknown, CheckoutRegistration>({
    resolver: registrationResolver,
    // No default for the text fields: registering them takes what is in them, which is what was typed into the
    // server's page before hydration (empty otherwise).
    defaultValues: { planType: 'monthly', startDate: addDays(today, 1), deliveryToDorm: dormAnswerBeforeHydration },
  });
  const [agreedAt, setAgreedAt] = useState<string | null>(null);
  const checkoutKey = useRef(crypto.randomUUID());
  const modelRef = useRef(modelId);
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    // Back from the payment page (or a reload): what was typed in this tab comes back; the tick does not.
    const saved = readSavedCheckout();
    if (!saved) return;
    const { modelId: _model, ...values } = saved;
    if (Object.values(values).some((value) => value !== '' && value !== undefined)) {
      form.reset({ ...form.getValues(), ...values });
      // Said once the restored values are in: sessionStorage is only read after hydration.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setRestored(true);
    }
  }, [form]);
  useEffect(() => {
    // Changed details make a new checkout; an unchanged resubmit keeps its key. Every change is kept.
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        checkoutKey.current = crypto.randomUUID();
        saveCheckout(values, modelRef.current);
      },
    });
  }, [form]);
  useEffect(() => {
    if (modelRef.current === modelId) return;
    modelRef.current = modelId;
    checkoutKey.current = crypto.randomUUID();
    saveCheckout(form.getValues(), modelId);
  }, [modelId, form]);
  const { errors } = form.formState;
  const fieldError = (name: (typeof fieldNames)[number]) => serverMessage(errors[name]?.message);
  const agreed = agreedAt !== null;
  const [zipCode, email] = useWatch({ control: form.control, name: ['zipCode', 'email'] });
  useEffect(() => {
    // What was typed into the server's page before hydration is in the form's values (registering the fields took
    // it), but the watched fields' watchers hear only of later changes: tell them once, so a ZIP typed early gets
    // its delivery quote and the lead form its e-mail (and the tab keeps the form, as after any change). The page's
    // scripts load after its first paint (ADR 027), so a quick visitor does type before hydration. react-hook-form
    // tells watchers only of a value that differs from the one it holds, hence the empty one first.
    for (const name of ['zipCode', 'email'] as const) {
      const typedEarly = form.getValues(name);
      if (!typedEarly) continue;
      form.setValue(name, '');
      form.setValue(name, typedEarly);
    }
  }, [form]);
  const quote = useDeliveryQuote(zipCode ?? '').data;
  const { freeMiles } = useDeliveryTerms();
  // The server refused the ZIP (its settings changed since the quote): the same notice and lead form.
  const [refusal, setRefusal] = useState<{ zipCode: string; message: string } | null>(null);
  const notice =
    quote?.status === 'out_of_area' || quote?.status === 'unknown'
      ? quote
      : refusal && refusal.zipCode === zipCode?.trim()
        ? { status: 'out_of_area' as const, ...refusal }
        : undefined;

  const requireAgreement = () => {
    toast({ title: t('agreement.requiredTitle'), description: t('agreement.requiredBody') });
  };

  const onValid = async (values: CheckoutRegistration) => {
    if (!agreedAt) return requireAgreement();
    try {
      await onSubmit({ values, checkoutKey: checkoutKey.current, agreedAt });
    } catch (error) {
      // The failure itself is announced by the submit (a toast); here the server's words go under their fields.
      if (!(error instanceof ApiError)) return;
      if (error.status === 409 && isOutOfStockMessage(error.message)) {
        onOutOfStock();
        return;
      }
      if (error.code === OUT_OF_AREA_CODE) {
        setRefusal({ zipCode: values.zipCode, message: error.message });
        return;
      }
      for (const name of fieldNames) {
        const message = error.fieldErrors[name];
        if (message) form.setError(name, { message });
      }
    }
  };
  const onInvalid = () => {
    if (!agreedAt) requireAgreement();
  };

  return (
    <form
      id={FORM_ID}
      noValidate
      onSubmit={(event) => form.handleSubmit(onValid, onInvalid)(event)}
      onFocus={() => void loadValidation().catch(() => undefined)}
      className="grid gap-6"
      aria-label={t('submit.formLabel')}
    >
      {children}
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>{t('details.title')}</h2>
          </CardTitle>
          {restored && (
            <p role="status" className="text-sm text-muted-foreground">
              {t('details.restored')}
            </p>
          )}
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <Field id="checkout-name" label={t('details.name')} error={fieldError('name')}>
            {(props) => <Input {...props} autoComplete="name" {...form.register('name')} />}
          </Field>
          <Field id="checkout-email" label={t('details.email')} error={fieldError('email')}>
            {(props) => (
              <Input {...props} type="email" inputMode="email" autoComplete="email" {...form.register('email')} />
            )}
          </Field>
          <Field id="checkout-phone" label={t('details.phone')} error={fieldError('phone')}>
            {(props) => <Input {...props} type="tel" autoComplete="tel" {...form.register('phone')} />}
          </Field>
          <Field
            id="checkout-start-date"
            label={t('details.startDate')}
            error={fieldError('startDate')}
            description={t('details.startDateHelp')}
          >
            {(props) => (
              <Input
                {...props}
                type="date"
                min={hydrated ? today : undefined}
                max={hydrated ? latestRentalStartDate(today) : undefined}
                {...form.register('startDate')}
              />
            )}
          </Field>
          <div className="sm:col-span-2">
            <Field id="checkout-address" label={t('details.address')} error={fieldError('address')}>
              {(props) => <Input {...props} autoComplete="street-address" {...form.register('address')} />}
            </Field>
          </div>
          <Field id="checkout-city" label={t('details.city')} error={fieldError('city')}>
            {(props) => <Input {...props} autoComplete="address-level2" {...form.register('city')} />}
          </Field>
          <Field id="checkout-zip" label={t('details.zipCode')} error={fieldError('zipCode')}>
            {(props) => (
              <Input {...props} inputMode="numeric" autoComplete="postal-code" {...form.register('zipCode')} />
            )}
          </Field>
          {notice && (
            <div className="sm:col-span-2">
              <ZipNotice quote={notice} email={email ?? ''} />
            </div>
          )}
          <div className="sm:col-span-2">
            <Field
              id="checkout-building-notes"
              label={t('details.buildingNotes')}
              error={fieldError('buildingNotes')}
              description={t('details.buildingNotesHelp')}
            >
              {(props) => <Textarea {...props} rows={3} {...form.register('buildingNotes')} />}
            </Field>
          </div>
          <div className="sm:col-span-2">
            <Controller
              control={form.control}
              name="deliveryToDorm"
              render={({ field, fieldState }) => (
                <DormQuestion
                  value={field.value}
                  onChange={field.onChange}
                  error={serverMessage(fieldState.error?.message)}
                />
              )}
            />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>{t('agreement.title')}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <AgreementSummary />
          <div className="flex items-start gap-3 rounded-lg border p-4">
            <Checkbox
              id="checkout-agreement"
              checked={agreed}
              onCheckedChange={(checked) => setAgreedAt(checked === true ? new Date().toISOString() : null)}
              // Until hydrated a press does nothing (the scripts load after the first paint): shown as not ready yet.
              disabled={!hydrated}
              className="mt-0.5"
            />
            <div className="grid gap-1.5">
              <Label htmlFor="checkout-agreement" className="leading-snug">
                {t('agreement.accept')}
              </Label>
              <a
                href="/terms"
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-sm font-medium text-primary underline underline-offset-4"
              >
                {t('agreement.readFull')}
                <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="sr-only">{t('agreement.newTab')}</span>
              </a>
            </div>
          </div>
        </CardContent>
      </Card>

      <PriceSummary quote={quote} freeMiles={freeMiles} />

      <Button
        type="submit"
        size="lg"
        className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        aria-disabled={!agreed || pending}
        // Until hydrated a press would be the browser's own submission (the fields in the address, unchecked).
        disabled={pending || !hydrated}
      >
        {pending ? t('submit.processing') : t('submit.pay')}
      </Button>
    </form>
  );
}
