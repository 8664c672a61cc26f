import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AgreementInput } from '@/contracts/agreements';
import type { DeliveryQuoteView, LeadInput } from '@/contracts/service-area';
import type { ModelInventory, UnitModelSummary } from '@/contracts/catalog';
import type { CheckoutSuccessView, CreateSessionInput, CreateSessionResult } from '@/contracts/checkout';
import { latestRentalStartDate } from '@/contracts/checkout-terms';
import type { DeliveryWindow } from '@/contracts/delivery-windows';
import type { WaitlistOfferView } from '@/contracts/waitlist';
import { apiRequest } from '@/web/lib/api';
import { useHydrated } from '@/web/lib/use-hydrated';
import { useModelsInLocale } from '@/web/lib/model-text';
import { canAskForWindows, isWholeZip, searchEarliestOpenDay } from './delivery-windows';
import { clearSavedCheckout } from './form-storage';
import type { RegistrationSubmit } from './registration-submit';

/** The provider's webhook usually lands within seconds; the success page checks every 1.5 s for about 45 s. */
const POLL_MS = 1500;
const POLL_ATTEMPTS = 30;

export const checkoutKeys = {
  // The catalog's keys: the checkout reads the same cached answers as the catalog page.
  unitModels: ['/api/unit-models'] as const,
  inventory: (modelId: string) => ['/api/inventory', modelId] as const,
  outcome: (sessionId: string) => ['/api/checkout/success', sessionId] as const,
  quote: (zip: string) => ['/api/service-area/quote', zip] as const,
  allWindows: ['/api/delivery-windows'] as const,
  windows: (zip: string, from: string) => [...checkoutKeys.allWindows, zip, from] as const,
  earliestWindowDay: (zip: string, from: string) => [...checkoutKeys.allWindows, zip, from, 'earliest'] as const,
  waitlistOffer: (token: string) => ['/api/waitlist/offer', token] as const,
};

export const createCheckoutSession = (input: CreateSessionInput) =>
  apiRequest<CreateSessionResult>('POST', '/api/checkout/create-session', input);

export const recordAgreement = (input: AgreementInput) => apiRequest('POST', '/api/agreements/create', input);

export const getCheckoutOutcome = (sessionId: string) =>
  apiRequest<CheckoutSuccessView>('GET', `/api/checkout/success?session_id=${encodeURIComponent(sessionId)}`);

type StartCheckoutOptions = {
  /** The unit picked in the catalog (?model=), or else its BTU tier (?btu=); with neither the server picks one. */
  modelId?: string;
  btuTier?: string;
  /** The waitlist offer's token (?waitlist=), while it may still hold a unit: the checkout takes that unit. */
  waitlistOffer?: string;
  /** Called once the order exists and the unit is held, while the agreement is recorded. */
  onReserved: () => void;
  /** Announces a failure (the page's language); the form puts the server's words under its fields. */
  onError: (error: Error) => void;
};

/**
 * Registration → order and payment session → recorded agreement → off to the payment page. A failed agreement
 * record is logged and does not block payment (spec section 7).
 */
export function useStartCheckout({ modelId, btuTier, waitlistOffer, onReserved, onError }: StartCheckoutOptions) {
  return useMutation({
    mutationFn: async ({ values, checkoutKey, agreedAt, deliveryWindow }: RegistrationSubmit) => {
      const session = await createCheckoutSession({
        ...values,
        modelId,
        btuTier: modelId ? undefined : btuTier,
        checkoutKey,
        deliveryWindow,
        waitlistOffer,
      });
      onReserved();
      await recordAgreement({
        orderId: session.orderId,
        typedName: values.name,
        agreed: true,
        checkboxTimestamp: agreedAt,
      }).catch((error: unknown) => console.error('The rental agreement could not be recorded', error));
      return session;
    },
    onSuccess: (session) => window.location.assign(session.sessionUrl),
    onError: (error) => onError(error),
  });
}

/** What became of a checkout, found from the provider's session id; polled while the payment is still pending. */
export function useCheckoutOutcome(sessionId: string) {
  const queryKey = checkoutKeys.outcome(sessionId);
  const outcome = useQuery({
    queryKey,
    queryFn: () => getCheckoutOutcome(sessionId),
    enabled: Boolean(sessionId),
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < POLL_ATTEMPTS ? POLL_MS : false,
  });
  const checks = useQueryClient().getQueryState(queryKey)?.dataUpdateCount ?? 0;
  const status = outcome.data?.status;
  useEffect(() => {
    // Paid (or being confirmed): the form kept for a return from the payment page is no longer needed.
    if (status === 'active' || status === 'pending') clearSavedCheckout();
  }, [status]);
  return { ...outcome, gaveUpWaiting: outcome.data?.status === 'pending' && checks >= POLL_ATTEMPTS };
}

export const getWaitlistOffer = (token: string) =>
  apiRequest<WaitlistOfferView>('GET', `/api/waitlist/offer?token=${encodeURIComponent(token)}`);

/** The waitlist offer the checkout was opened from (?waitlist=): the unit held for it, and until when. */
export function useWaitlistOffer(token: string | undefined) {
  return useQuery({
    queryKey: checkoutKeys.waitlistOffer(token ?? ''),
    queryFn: () => getWaitlistOffer(token ?? ''),
    enabled: Boolean(token),
    meta: { prerender: false },
  });
}

export const cancelCheckout = () => apiRequest('POST', '/api/checkout/cancel');

/**
 * Back from the payment page by its cancel link (?cancelled=1): this browser's checkout gives its unit back, once,
 * and the parameter leaves the address so a reload does not repeat it.
 */
export function useCancelledCheckout(cancelled: boolean, onDone: () => void) {
  const cancel = useMutation({
    mutationFn: cancelCheckout,
    onSettled: onDone,
    onError: (error) => console.error('The cancelled checkout could not be released', error),
  });
  const { mutate } = cancel;
  useEffect(() => {
    if (cancelled) mutate();
  }, [cancelled, mutate]);
}

/** How long typing must pause before the checkout asks the server about what was typed. */
const SETTLE_MS = 300;

/** True once `value` has stayed the same for a moment of typing (at once for the first value). */
function useSettled(value: string): boolean {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled === value;
}

export const getDeliveryQuote = (zip: string) =>
  apiRequest<DeliveryQuoteView>('GET', `/api/service-area/quote?zip=${encodeURIComponent(zip)}`);

/** The delivery quote of the ZIP being typed: asked once the ZIP is whole and the typing has paused. */
export function useDeliveryQuote(zipCode: string) {
  const zip = zipCode.trim();
  const settled = useSettled(zip);
  const wanted = settled && isWholeZip(zip);
  return useQuery({
    queryKey: checkoutKeys.quote(zip),
    queryFn: () => getDeliveryQuote(zip),
    enabled: wanted,
    staleTime: 5 * 60_000,
    select: (quote) => (wanted ? quote : undefined),
  });
}

export const getDeliveryWindows = (zip: string, from: string) =>
  apiRequest<DeliveryWindow[]>(
    'GET',
    `/api/delivery-windows?zip=${encodeURIComponent(zip)}&from=${encodeURIComponent(from)}`,
  );

/** Others book windows while the form is filled in: asked again every minute, and on coming back to the tab. */
const WINDOWS_REFRESH_MS = 60_000;

/**
 * The delivery windows of the 14 days from the start date for the ZIP typed (GET /api/delivery-windows), once both
 * are valid, we deliver there (`deliverable`: the ZIP's quote said nothing against it) and the typing has paused;
 * when every one is full, the earliest day with room after them (./delivery-windows.ts searchEarliestOpenDay).
 * `valid` says the inputs are, even while the typing settles.
 */
export function useDeliveryWindows({
  zipCode,
  startDate,
  today,
  deliverable,
}: {
  zipCode: string;
  startDate: string;
  today: string;
  deliverable: boolean;
}) {
  const zip = zipCode.trim();
  const valid = deliverable && canAskForWindows(zip, startDate, today);
  const settled = useSettled(`${zip} ${startDate}`);
  const asking = valid && settled;
  const windows = useQuery({
    queryKey: checkoutKeys.windows(zip, startDate),
    queryFn: () => getDeliveryWindows(zip, startDate),
    enabled: asking,
    staleTime: 0,
    refetchInterval: WINDOWS_REFRESH_MS,
    refetchOnWindowFocus: 'always',
    meta: { prerender: false },
  });
  const allFull = windows.data !== undefined && !windows.data.some((window) => window.open > 0);
  const earliestDay = useQuery({
    queryKey: checkoutKeys.earliestWindowDay(zip, startDate),
    queryFn: () =>
      searchEarliestOpenDay({
        from: startDate,
        latestFrom: latestRentalStartDate(today),
        fetchWindows: (from) => getDeliveryWindows(zip, from),
      }),
    enabled: asking && allFull,
    staleTime: WINDOWS_REFRESH_MS,
    meta: { prerender: false },
  });
  return { valid, asking, windows, earliestDay };
}

/** Asks the windows again (and the earliest day), e.g. after create-session said the one chosen filled up. */
export function useRefreshDeliveryWindows() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: checkoutKeys.allWindows });
}

export const leaveLead = (input: LeadInput) => apiRequest<{ message: string }>('POST', '/api/leads', input);

/** "Tell me when you deliver to my ZIP": kept as a lead the owner sees. */
export function useLeaveLead() {
  return useMutation({ mutationFn: leaveLead });
}

/** How often the checkout's model picker asks the stock again (and on window focus). */
const STOCK_REFRESH_MS = 20_000;

export interface ModelStock {
  model: UnitModelSummary;
  /** undefined while not yet known. */
  stock: ModelInventory | undefined;
}

/** The models on offer with their live stock (GET /api/unit-models, GET /api/inventory/:id), kept fresh. */
export function useLiveStock() {
  const select = useModelsInLocale();
  const models = useQuery({
    queryKey: checkoutKeys.unitModels,
    queryFn: () => apiRequest<UnitModelSummary[]>('GET', '/api/unit-models'),
    select,
    refetchOnWindowFocus: 'always',
  });
  const list = models.data ?? [];
  // Asked once the page runs: on a server-rendered page, after hydration, whose last task need not start them too.
  const hydrated = useHydrated();
  const stocks = useQueries({
    queries: list.map((model) => ({
      queryKey: checkoutKeys.inventory(model.id),
      queryFn: () => apiRequest<ModelInventory>('GET', `/api/inventory/${encodeURIComponent(model.id)}`),
      refetchInterval: STOCK_REFRESH_MS,
      refetchOnWindowFocus: 'always' as const,
      staleTime: 0,
      enabled: hydrated,
      // Live: never in the server-rendered page, whose "Checking..." badges keep the room the figures take.
      meta: { prerender: false },
    })),
  });
  const items: ModelStock[] = list.map((model, index) => ({ model, stock: stocks[index]?.data }));
  const refresh = () => Promise.all([models.refetch(), ...stocks.map((stock) => stock.refetch())]);
  return { models, items, refresh };
}
