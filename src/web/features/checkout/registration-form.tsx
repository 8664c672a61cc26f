import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutRegistration } from '@/contracts/checkout';
import type { DeliveryQuoteView } from '@/contracts/service-area';
import { OUT_OF_AREA_CODE } from '@/contracts/checkout-terms';
import { todayInLosAngeles } from '@/contracts/dates';
import { AgreementConsent } from '@/web/components/agreement/agreement-consent';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/components/ui/use-toast';
import { ApiError } from '@/web/lib/api';
import { useHydrated } from '@/web/lib/use-hydrated';
import { useServerToday } from '@/web/lib/server-today';
import { useDeliveryTerms } from '@/web/lib/service-area';
import { useDeliveryQuote } from './api';
import { DeliveryWindowPicker } from './delivery-window-picker';
import { startDateReaching } from './delivery-windows';
import { checkoutFormFields } from './form-storage';
import { useServerMessage } from '@/web/i18n/server-message';
import { isDeliveryWindowRefusal, isOutOfStockMessage } from './messages';
import { PriceSummary } from './plan-summary';
import { RegistrationDetails, type FieldError, type ZipNoticeQuote } from './registration-details';
import type { RegistrationSubmit } from './registration-submit';
import { useDeliveryWindowChoice } from './use-delivery-window';
import {
  loadValidation,
  useNewCheckoutKeyOn,
  useRegistrationForm,
  type RegistrationFormApi,
} from './use-registration-form';

const fieldNames = checkoutFormFields;
const FORM_ID = 'checkout-registration';

/** A ZIP the server refused at submit (its settings changed since the quote), with the server's words. */
type ZipRefusal = { zipCode: string; message: string };

interface RegistrationFormProps {
  onSubmit: (submission: RegistrationSubmit) => Promise<unknown>;
  pending: boolean;
  /** The chosen model: kept with the form, and a new choice makes a new checkout key. */
  modelId: string | undefined;
  onOutOfStock: () => void;
  /** Shown at the top of the form (the model picker). */
  children?: ReactNode;
}

/**
 * Step 1 of /checkout. The fields follow spec section 5 through the shared `checkoutRegistration` schema; the
 * submit button reads as disabled (aria-disabled) until the agreement is ticked, and pressing it anyway explains
 * why with the spec's 'Agreement Required' toast instead of silently doing nothing.
 *
 * What is typed is kept in this tab's sessionStorage (./form-storage.ts) and brought back on load, so returning
 * from the payment page keeps it. The agreement's tick is not kept: it is given again, consciously, before paying.
 * A 409 "out of stock" keeps everything and lets the page offer the models in stock (`onOutOfStock`); a refused
 * delivery window (filled up meanwhile) is said at the window picker, which asks the windows again.
 *
 * The server renders it too (ADR 027): its fields show before any JavaScript runs, the submit button is disabled
 * until hydrated, and the validation's code loads on the form's first focus (or the first submit).
 */
export function RegistrationForm({ onSubmit, pending, modelId, onOutOfStock, children }: RegistrationFormProps) {
  const { t } = useTranslation('checkout');
  const serverMessage = useServerMessage();
  // The server rendered this page at start-up, maybe days ago: the date bounds are set once hydrated, on the app
  // clock's today (GET /api/today; the demo's clock may run ahead, a phone's be wrong), the device's until it answers.
  const hydrated = useHydrated();
  const today = useServerToday().data ?? todayInLosAngeles();
  const { form, restored, checkoutKey, zipCode, email, startDate } = useRegistrationForm({
    formId: FORM_ID,
    today,
    modelId,
  });
  const [agreedAt, setAgreedAt] = useState<string | null>(null);
  const { errors } = form.formState;
  const fieldError: FieldError = (name) => serverMessage(errors[name]?.message);
  const agreed = agreedAt !== null;
  const quote = useDeliveryQuote(zipCode ?? '').data;
  const { freeMiles } = useDeliveryTerms();
  // The server refused the ZIP (its settings changed since the quote): the same notice and lead form.
  const [refusal, setRefusal] = useState<ZipRefusal | null>(null);
  const notice = zipNoticeOf(quote, refusal, zipCode);
  const deliveryWindow = useDeliveryWindowChoice({
    zipCode: zipCode ?? '',
    startDate: startDate ?? '',
    today,
    deliverable: !notice,
  });
  useNewCheckoutKeyOn(checkoutKey, deliveryWindow.selectedKey);
  const moveStartDate = (day: string) =>
    form.setValue('startDate', startDateReaching(day, today), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });

  const requireAgreement = () => {
    toast({ title: t('agreement.requiredTitle'), description: t('agreement.requiredBody') });
  };

  const onValid = async (values: CheckoutRegistration) => {
    if (!agreedAt) return requireAgreement();
    try {
      await onSubmit({ values, checkoutKey: checkoutKey.current, agreedAt, deliveryWindow: deliveryWindow.choice });
    } catch (error) {
      showSubmitRefusal(error, {
        form,
        values,
        onOutOfStock,
        onZipRefused: setRefusal,
        onWindowRefused: deliveryWindow.refuse,
      });
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
      <RegistrationDetails
        form={form}
        fieldError={fieldError}
        restored={restored}
        hydrated={hydrated}
        today={today}
        notice={notice}
        email={email ?? ''}
        zipPlace={quote?.city ? { zipCode: quote.zipCode, city: quote.city } : undefined}
      />

      <DeliveryWindowPicker state={deliveryWindow} onMoveStartDate={moveStartDate} />

      <AgreementConsent id="checkout-agreement" agreed={agreed} hydrated={hydrated} onAgreedAtChange={setAgreedAt} />

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

/**
 * Where a failed submit's refusal shows: out of stock lets the page offer the models in stock, a refused ZIP gets
 * the ZIP's notice, a refused delivery window the picker's, and anything else the server said goes under its field.
 */
function showSubmitRefusal(
  error: unknown,
  {
    form,
    values,
    onOutOfStock,
    onZipRefused,
    onWindowRefused,
  }: {
    form: RegistrationFormApi;
    values: CheckoutRegistration;
    onOutOfStock: () => void;
    onZipRefused: (refusal: ZipRefusal) => void;
    onWindowRefused: (message: string) => void;
  },
): void {
  // The failure itself is announced by the submit (a toast); here the server's words go under their fields.
  if (!(error instanceof ApiError)) return;
  if (error.status === 409 && isOutOfStockMessage(error.message)) {
    onOutOfStock();
    return;
  }
  if (error.code === OUT_OF_AREA_CODE) {
    onZipRefused({ zipCode: values.zipCode, message: error.message });
    return;
  }
  if (isDeliveryWindowRefusal(error)) {
    onWindowRefused(error.message);
    return;
  }
  for (const name of fieldNames) {
    const message = error.fieldErrors[name];
    if (message) form.setError(name, { message });
  }
}

/**
 * What to say under the ZIP field: the quote's when we cannot deliver there (out of the area, or no such ZIP), else
 * the server's refusal of the ZIP still typed.
 */
function zipNoticeOf(
  quote: DeliveryQuoteView | undefined,
  refusal: ZipRefusal | null,
  zipCode: string | undefined,
): ZipNoticeQuote {
  return quote?.status === 'out_of_area' || quote?.status === 'unknown'
    ? quote
    : refusal && refusal.zipCode === zipCode?.trim()
      ? { status: 'out_of_area' as const, ...refusal }
      : undefined;
}
