import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  checkoutRegistration,
  latestRentalStartDate,
  type CheckoutRegistration,
  type CheckoutRegistrationInput,
} from '@/contracts/checkout';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { OUT_OF_AREA_CODE } from '@/contracts/service-area';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/components/ui/use-toast';
import { ApiError } from '@/web/lib/api';
import { useDeliveryTerms } from '@/web/lib/service-area';
import { AgreementSummary } from './agreement-summary';
import { useDeliveryQuote } from './api';
import { DormQuestion } from './dorm-question';
import { PriceSummary } from './plan-summary';
import { ZipNotice } from './service-area-lead';

const fieldNames = [
  'startDate',
  'name',
  'email',
  'phone',
  'address',
  'city',
  'zipCode',
  'buildingNotes',
  'deliveryToDorm',
] as const satisfies ReadonlyArray<keyof CheckoutRegistrationInput>;

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
 */
export function RegistrationForm({
  onSubmit,
  pending,
}: {
  onSubmit: (submission: RegistrationSubmit) => Promise<unknown>;
  pending: boolean;
}) {
  const today = todayInLosAngeles();
  const form = useForm<CheckoutRegistrationInput, unknown, CheckoutRegistration>({
    resolver: zodResolver(checkoutRegistration),
    defaultValues: {
      planType: 'monthly',
      startDate: addDays(today, 1),
      name: '',
      email: '',
      phone: '',
      address: '',
      city: '',
      zipCode: '',
      buildingNotes: '',
    },
  });
  const [agreedAt, setAgreedAt] = useState<string | null>(null);
  const checkoutKey = useRef(crypto.randomUUID());
  useEffect(() => {
    // Changed details make a new checkout; an unchanged resubmit keeps its key.
    return form.subscribe({
      formState: { values: true },
      callback: () => {
        checkoutKey.current = crypto.randomUUID();
      },
    });
  }, [form]);
  const { errors } = form.formState;
  const agreed = agreedAt !== null;
  const [zipCode, email] = useWatch({ control: form.control, name: ['zipCode', 'email'] });
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
    toast({ title: 'Agreement Required', description: 'Please accept the rental agreement to proceed' });
  };

  const onValid = async (values: CheckoutRegistration) => {
    if (!agreedAt) return requireAgreement();
    try {
      await onSubmit({ values, checkoutKey: checkoutKey.current, agreedAt });
    } catch (error) {
      // The failure itself is announced by the submit (a toast); here the server's words go under their fields.
      if (!(error instanceof ApiError)) return;
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
      noValidate
      onSubmit={(event) => form.handleSubmit(onValid, onInvalid)(event)}
      className="grid gap-6"
      aria-label="Registration"
    >
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Your Details</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <Field id="checkout-name" label="Full Name" error={errors.name?.message}>
            {(props) => <Input {...props} autoComplete="name" {...form.register('name')} />}
          </Field>
          <Field id="checkout-email" label="Email" error={errors.email?.message}>
            {(props) => (
              <Input {...props} type="email" inputMode="email" autoComplete="email" {...form.register('email')} />
            )}
          </Field>
          <Field id="checkout-phone" label="Phone" error={errors.phone?.message}>
            {(props) => <Input {...props} type="tel" autoComplete="tel" {...form.register('phone')} />}
          </Field>
          <Field
            id="checkout-start-date"
            label="Start Date"
            error={errors.startDate?.message}
            description="The day you would like your unit delivered."
          >
            {(props) => (
              <Input
                {...props}
                type="date"
                min={today}
                max={latestRentalStartDate(today)}
                {...form.register('startDate')}
              />
            )}
          </Field>
          <div className="sm:col-span-2">
            <Field id="checkout-address" label="Street Address" error={errors.address?.message}>
              {(props) => <Input {...props} autoComplete="street-address" {...form.register('address')} />}
            </Field>
          </div>
          <Field id="checkout-city" label="City" error={errors.city?.message}>
            {(props) => <Input {...props} autoComplete="address-level2" {...form.register('city')} />}
          </Field>
          <Field id="checkout-zip" label="ZIP Code" error={errors.zipCode?.message}>
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
              label="Building / Apartment Notes (optional)"
              error={errors.buildingNotes?.message}
              description="Gate codes, floor, parking or anything that helps us deliver."
            >
              {(props) => <Textarea {...props} rows={3} {...form.register('buildingNotes')} />}
            </Field>
          </div>
          <div className="sm:col-span-2">
            <Controller
              control={form.control}
              name="deliveryToDorm"
              render={({ field, fieldState }) => (
                <DormQuestion value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
              )}
            />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Rental Agreement Summary</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <AgreementSummary />
          <div className="flex items-start gap-3 rounded-lg border p-4">
            <Checkbox
              id="checkout-agreement"
              checked={agreed}
              onCheckedChange={(checked) => setAgreedAt(checked === true ? new Date().toISOString() : null)}
              className="mt-0.5"
            />
            <div className="grid gap-1.5">
              <Label htmlFor="checkout-agreement" className="leading-snug">
                I have read and agree to the rental agreement
              </Label>
              <a
                href="/terms"
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-sm font-medium text-primary underline underline-offset-4"
              >
                Read the full rental agreement
                <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="sr-only">(opens in a new tab)</span>
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
        disabled={pending}
      >
        {pending ? 'Processing...' : 'Complete Registration & Pay'}
      </Button>
    </form>
  );
}
