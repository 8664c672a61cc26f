import type { CheckoutRegistrationInput } from '@/contracts/checkout';

/**
 * The checkout form kept in this tab's sessionStorage while it is filled in, so "Cancel and return to checkout" on
 * the payment page brings it back. Only what the customer typed on /checkout and the chosen model: never card
 * data (that is typed on the payment page), never the agreement's tick (it is given again, consciously). Cleared
 * once the payment went through (the success page).
 */
const KEY = 'coolrent:checkout-form:v1';
/** The delivery window picked, kept apart: it is picked after the fields are typed and checked against the offer. */
const WINDOW_KEY = 'coolrent:checkout-window:v1';
const WINDOW_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/** The fields a customer types on /checkout (the form's own list too: what it checks and what is kept). */
export const checkoutFormFields = [
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

export type SavedCheckout = Partial<Pick<CheckoutRegistrationInput, (typeof checkoutFormFields)[number]>> & {
  modelId?: string;
};

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined; // storage disabled by the browser
  }
}

export function saveCheckout(values: Partial<CheckoutRegistrationInput>, modelId: string | undefined): void {
  const kept: Record<string, unknown> = {};
  for (const field of checkoutFormFields) {
    const value = values[field];
    if (typeof value === 'string' || typeof value === 'boolean') kept[field] = value;
  }
  if (modelId) kept.modelId = modelId;
  try {
    storage()?.setItem(KEY, JSON.stringify(kept));
  } catch {
    // full or disabled: the form simply is not kept
  }
}

export function readSavedCheckout(): SavedCheckout | undefined {
  const raw = storage()?.getItem(KEY);
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return undefined;
    const saved: Record<string, unknown> = {};
    for (const field of [...checkoutFormFields, 'modelId'] as const) {
      const value = (parsed as Record<string, unknown>)[field];
      if (field === 'deliveryToDorm' ? typeof value === 'boolean' : typeof value === 'string') saved[field] = value;
    }
    return saved as SavedCheckout;
  } catch {
    return undefined;
  }
}

export function clearSavedCheckout(): void {
  storage()?.removeItem(KEY);
  storage()?.removeItem(WINDOW_KEY);
}

/** Keeps the window the customer picked ('YYYY-MM-DD HH:MM', ./delivery-windows.ts windowKey). */
export function saveDeliveryWindow(windowKey: string): void {
  try {
    storage()?.setItem(WINDOW_KEY, windowKey);
  } catch {
    // full or disabled: the earliest open window is offered again
  }
}

/**
 * The window picked in this tab before, as its key (a string, so a render reading it twice sees the same value).
 * Only a wish: the picker drops it when the window is no longer offered or has filled up.
 */
export function readSavedDeliveryWindow(): string | undefined {
  const saved = storage()?.getItem(WINDOW_KEY);
  return saved && WINDOW_PATTERN.test(saved) ? saved : undefined;
}

/**
 * The dorm answer chosen in the server-rendered form (ADR 027) before React took it over: read once, while
 * hydrating, as its radios are controlled and would otherwise be reset. (The text fields keep what was typed in
 * them by having no default value: the form then takes what is in them when it registers them.)
 */
export function readDormAnswerBeforeHydration(formId: string): boolean | undefined {
  if (typeof document === 'undefined') return undefined;
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return undefined;
  const answer = form.elements.namedItem('deliveryToDorm');
  return answer instanceof RadioNodeList && answer.value ? answer.value === 'yes' : undefined;
}
