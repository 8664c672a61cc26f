import { useEffect, useRef, useState, type RefObject } from 'react';
import { useForm, useWatch, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { CheckoutRegistration, CheckoutRegistrationInput } from '@/contracts/checkout';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { readSavedCheckout, readDormAnswerBeforeHydration, saveCheckout } from './form-storage';

/** What the form's validation runs on: today (YYYY-MM-DD), the server's once it answered. */
type RegistrationContext = { today: string };

/** The checkout registration form's react-hook-form instance: typed input, parsed output. */
export type RegistrationFormApi = UseFormReturn<CheckoutRegistrationInput, RegistrationContext, CheckoutRegistration>;

/** The schema and zod (most of the form's JavaScript) load when the form is first used, not before it shows. */
export const loadValidation = () => import('./registration-validation');

/** The start date's window is checked on the form's `today` as it is at each check (react-hook-form's context). */
const registrationResolver: Resolver<CheckoutRegistrationInput, RegistrationContext, CheckoutRegistration> = async (
  values,
  context,
  options,
) => {
  const { registrationResolverOn } = await loadValidation();
  return registrationResolverOn(context?.today ?? todayInLosAngeles())(values, context, options);
};

/**
 * The registration form's state: its fields (what was typed before hydration included), what this tab kept of it,
 * the checkout key, and the watched ZIP, e-mail and start date. The effects keep their order: the saved values come
 * back before the form is subscribed to, and the fields typed early are announced once their watchers listen. `today`
 * may change (the device's date until the server's arrives): the validation follows it, and so does the offered
 * start date while it is still the one offered.
 */
export function useRegistrationForm({
  formId,
  today,
  modelId,
}: {
  formId: string;
  today: string;
  modelId: string | undefined;
}) {
  const [dormAnswerBeforeHydration] = useState(() => readDormAnswerBeforeHydration(formId));
  const form = useForm<CheckoutRegistrationInput, RegistrationContext, CheckoutRegistration>({
    resolver: registrationResolver,
    context: { today },
    // No default for the text fields: registering them takes what is in them, which is what was typed into the
    // server's page before hydration (empty otherwise).
    defaultValues: { planType: 'monthly', startDate: addDays(today, 1), deliveryToDorm: dormAnswerBeforeHydration },
  });
  const restored = useRestoredCheckout(form);
  useOfferedStartDate(form, today);
  const checkoutKey = useCheckoutKey(form, modelId);
  const [zipCode, email, startDate] = useWatch({ control: form.control, name: ['zipCode', 'email', 'startDate'] });
  useAnnounceTypedEarly(form);
  return { form, restored, checkoutKey, zipCode, email, startDate };
}

/** Puts back what this tab kept of the form; true once it did, so the form can say so. */
function useRestoredCheckout(form: RegistrationFormApi): boolean {
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
  return restored;
}

/**
 * The start date offered (tomorrow) follows `today` when it changes, the server's day replacing the device's, unless
 * the customer chose another date (typed, or kept in this tab from before).
 */
function useOfferedStartDate(form: RegistrationFormApi, today: string): void {
  const offered = useRef(addDays(today, 1));
  useEffect(() => {
    const next = addDays(today, 1);
    if (offered.current === next) return;
    if (form.getValues('startDate') === offered.current) form.resetField('startDate', { defaultValue: next });
    offered.current = next;
  }, [form, today]);
}

/**
 * The idempotency key of the checkout being filled in: a new one whenever the details or the chosen model change,
 * and every change is kept in this tab (./form-storage.ts).
 */
function useCheckoutKey(form: RegistrationFormApi, modelId: string | undefined): RefObject<string> {
  const checkoutKey = useRef(crypto.randomUUID());
  const modelRef = useRef(modelId);
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
  return checkoutKey;
}

/**
 * A new checkout key when `value` changes (the delivery window chosen): a resubmit under the old key would find
 * the checkout held in the window chosen before.
 */
export function useNewCheckoutKeyOn(checkoutKeyRef: RefObject<string>, value: string | undefined): void {
  const last = useRef(value);
  useEffect(() => {
    if (last.current === value) return;
    last.current = value;
    checkoutKeyRef.current = crypto.randomUUID();
  }, [checkoutKeyRef, value]);
}

/** Tells the watchers of the ZIP, e-mail and city fields what was typed into them before hydration. */
function useAnnounceTypedEarly(form: RegistrationFormApi): void {
  useEffect(() => {
    // What was typed into the server's page before hydration is in the form's values (registering the fields took
    // it), but the watched fields' watchers hear only of later changes: tell them once, so a ZIP typed early gets
    // its delivery quote, the lead form its e-mail and the ZIP its city hint (and the tab keeps the form, as after
    // any change). The page's scripts load after its first paint (ADR 027), so a quick visitor does type before
    // hydration. react-hook-form tells watchers only of a value that differs from the one it holds, hence the empty
    // one first.
    for (const name of ['zipCode', 'email', 'city'] as const) {
      const typedEarly = form.getValues(name);
      if (!typedEarly) continue;
      form.setValue(name, '');
      form.setValue(name, typedEarly);
    }
  }, [form]);
}
