import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { latestRentalStartDate } from '@/contracts/checkout-terms';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { useServerMessage } from '@/web/i18n/server-message';
import { DormQuestion } from './dorm-question';
import type { checkoutFormFields } from './form-storage';
import { ZipNotice } from './service-area-lead';
import type { RegistrationFormApi } from './use-registration-form';

/** The server's message for a field, in the page's language (undefined when the field is fine). */
export type FieldError = (name: (typeof checkoutFormFields)[number]) => string | undefined;

/** Why we cannot deliver to the ZIP typed, shown under it with the lead form (./service-area-lead.tsx). */
export type ZipNoticeQuote = Parameters<typeof ZipNotice>[0]['quote'];

/**
 * The "Your details" card of step 1: who rents, from when, and where to deliver. The date bounds are set once
 * hydrated (the server rendered this page at start-up, maybe days ago), on `today`: the app clock's once the server
 * answered GET /api/today, the device's until then.
 */
export function RegistrationDetails({
  form,
  fieldError,
  restored,
  hydrated,
  today,
  notice,
  email,
  zipPlace,
}: {
  form: RegistrationFormApi;
  fieldError: FieldError;
  /** Said once what this tab kept of the form is back in it. */
  restored: boolean;
  hydrated: boolean;
  today: string;
  notice: ZipNoticeQuote;
  email: string;
  /** The ZIP typed and its place (the delivery quote's), once known. */
  zipPlace?: ZipPlace;
}) {
  const { t } = useTranslation('checkout');
  return (
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
        <RenterFields form={form} fieldError={fieldError} hydrated={hydrated} today={today} />
        <DeliveryFields form={form} fieldError={fieldError} notice={notice} email={email} zipPlace={zipPlace} />
      </CardContent>
    </Card>
  );
}

/** Name, e-mail, phone and the rental's start date: cells of the details card's grid. */
function RenterFields({
  form,
  fieldError,
  hydrated,
  today,
}: {
  form: RegistrationFormApi;
  fieldError: FieldError;
  hydrated: boolean;
  today: string;
}) {
  const { t } = useTranslation('checkout');
  return (
    <>
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
    </>
  );
}

/** A ZIP and the place it is for (USPS's name for it, from the delivery quote). */
export interface ZipPlace {
  zipCode: string;
  city: string;
}

const placeName = (city: string) =>
  city
    .trim()
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();

/**
 * Whether the city typed is not the ZIP's place ("San Francisco" with 92701, Santa Ana's): a hint, not a refusal
 * (a street may go by a neighbourhood's name), said once the customer has typed a city of two letters or more.
 */
export function cityDiffersFromZip(typedCity: string | undefined, place: ZipPlace | undefined): boolean {
  if (!place || !typedCity || typedCity.trim().length < 2) return false;
  return placeName(typedCity) !== placeName(place.city);
}

/** The delivery address, the ZIP's notice when we cannot deliver there, building notes and the dorm question. */
function DeliveryFields({
  form,
  fieldError,
  notice,
  email,
  zipPlace,
}: {
  form: RegistrationFormApi;
  fieldError: FieldError;
  notice: ZipNoticeQuote;
  email: string;
  zipPlace?: ZipPlace;
}) {
  const { t } = useTranslation('checkout');
  const typedCity = useWatch({ control: form.control, name: 'city' });
  const cityHint = cityDiffersFromZip(typedCity, zipPlace)
    ? t('details.cityNotZips', { zip: zipPlace!.zipCode, city: zipPlace!.city })
    : undefined;
  const serverMessage = useServerMessage();
  return (
    <>
      <div className="sm:col-span-2">
        <Field id="checkout-address" label={t('details.address')} error={fieldError('address')}>
          {(props) => <Input {...props} autoComplete="street-address" {...form.register('address')} />}
        </Field>
      </div>
      <Field id="checkout-city" label={t('details.city')} error={fieldError('city')}>
        {(props) => <Input {...props} autoComplete="address-level2" {...form.register('city')} />}
      </Field>
      <Field id="checkout-zip" label={t('details.zipCode')} error={fieldError('zipCode')} description={cityHint}>
        {(props) => <Input {...props} inputMode="numeric" autoComplete="postal-code" {...form.register('zipCode')} />}
      </Field>
      {notice && (
        <div className="sm:col-span-2">
          <ZipNotice quote={notice} email={email} />
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
    </>
  );
}
