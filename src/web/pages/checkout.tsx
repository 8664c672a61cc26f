import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import { PublicLayout } from '../components/layout/public-layout';
import { ProductArt } from '../components/product-art';
import { Card, CardContent } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/use-toast';
import { useCancelledCheckout, useLiveStock, useStartCheckout, useWaitlistOffer } from '../features/checkout/api';
import { readSavedCheckout } from '../features/checkout/form-storage';
import { isDeliveryWindowRefusal, isOutOfStockMessage } from '../features/checkout/messages';
import { useServerMessage } from '../i18n/server-message';
import { isInStock, isKnownOutOfStock, ModelPicker, OutOfStockNotice } from '../features/checkout/model-picker';
import { PlanCard } from '../features/checkout/plan-summary';
import { ProgressSteps } from '../features/checkout/progress-steps';
import { RegistrationForm } from '../features/checkout/registration-form';
import {
  isOfferEndedMessage,
  offerNoticeOf,
  offerTokenToSend,
  withUnitHeldForYou,
} from '../features/checkout/waitlist-offer';
import { WaitlistOfferNotice } from '../features/checkout/waitlist-offer-notice';
import { useDocumentTitle } from '../lib/use-document-title';
import { useHydrated } from '../lib/use-hydrated';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const noParams = new URLSearchParams();

/**
 * /checkout (spec section 2): the unit (a picker with live stock), registration, the agreement and the price, then
 * off to the payment page. The model comes from ?model= (the catalog, or the payment page's cancel link), else the
 * one kept with the form in this tab, else the ?btu= tier's; a model out of stock gives way to one in stock. A waitlist
 * offer's link (?waitlist=, ADR 036) says over the form what it holds, and the checkout takes the unit held for it.
 *
 * The server renders it (ADR 027) without a query string and without stock: the address's parameters, like the
 * form kept in this tab, apply once hydrated, into boxes that already keep their room.
 */
export default function CheckoutPage() {
  const { t } = useTranslation('checkout');
  const serverMessage = useServerMessage();
  useDocumentTitle(t('documentTitle'));
  const [liveParams] = useSearchParams();
  // The server's page has no query string: hydration renders the same, then reads the address's parameters.
  const hydrated = useHydrated();
  const searchParams = hydrated ? liveParams : noParams;
  const [, navigate] = useLocation();
  const sessionId = searchParams.get('session_id');
  const modelParam = searchParams.get('model') ?? '';
  const requestedModel = UUID.test(modelParam) ? modelParam : undefined;
  const btuTier = searchParams.get('btu')?.slice(0, 20) || undefined;
  const waitlistToken = searchParams.get('waitlist')?.slice(0, 200) || undefined;
  const offer = useWaitlistOffer(waitlistToken);
  const offerNotice = offerNoticeOf(offer);
  const heldModelId = offerNotice.kind === 'held' ? offerNotice.modelId : undefined;
  // While the offer is being checked, its link's model is not given up for one in stock.
  const offerChecking = waitlistToken !== undefined && offerNotice.kind === 'checking';
  const live = useLiveStock();
  const items = withUnitHeldForYou(live.items, heldModelId ?? (offerChecking ? requestedModel : undefined));
  const [picked, setPicked] = useState<string | undefined>();
  // The model kept with the form in this tab (sessionStorage), as the page found it: read once it runs (after
  // hydration), not again when the form saves its model there (that re-rendered the page at once, blocking).
  const savedModel = useMemo(() => (hydrated ? readSavedCheckout()?.modelId : undefined), [hydrated]);
  // The model create-session last refused as out of stock (409): the form stays, the notice offers the others.
  const [refusedModel, setRefusedModel] = useState<string | undefined>();

  const wanted =
    picked ??
    heldModelId ??
    requestedModel ??
    savedModel ??
    items.find((item) => item.model.btuTier === btuTier)?.model.id;
  const wantedItem = items.find((item) => item.model.id === wanted);
  const firstInStock = items.find(isInStock)?.model.id;
  const selectedId =
    picked ?? (wantedItem && !isKnownOutOfStock(wantedItem) ? wanted : (firstInStock ?? wantedItem?.model.id));
  const selected = items.find((item) => item.model.id === selectedId);
  const showOutOfStock =
    selectedId !== undefined &&
    (refusedModel === selectedId || (picked === selectedId && selected !== undefined && isKnownOutOfStock(selected)));
  const alternatives = items.filter((item) => isInStock(item) && item.model.id !== selectedId);

  const [step, setStep] = useState<1 | 2>(1);
  const startCheckout = useStartCheckout({
    modelId: selectedId,
    btuTier,
    waitlistOffer: offerTokenToSend(waitlistToken, offerNotice, { selected: selectedId, ofLink: requestedModel }),
    onReserved: () => setStep(2),
    onError: (error) => {
      // The offer ended meanwhile (409): its notice says so once asked again; the toast says it now.
      if (isOfferEndedMessage(error.message)) void offer.refetch();
      // An out-of-stock refusal is told beside the model picker, with the models to switch to; a refused delivery
      // window at the window picker, with the windows as they are now.
      if (isOutOfStockMessage(error.message) || isDeliveryWindowRefusal(error)) return;
      toast({
        title: t('errorToast'),
        description: serverMessage(error.message),
        variant: 'destructive',
      });
    },
  });

  useEffect(() => {
    if (sessionId) navigate(`/success?session_id=${encodeURIComponent(sessionId)}`, { replace: true });
  }, [sessionId, navigate]);
  // The unit's first, short hold ended before the payment page was opened (ADR 037): say so, once, and start over.
  const holdLapsed = searchParams.get('expired') === '1';
  useEffect(() => {
    if (!holdLapsed) return;
    toast({ title: t('holdLapsed.title'), description: t('holdLapsed.body') });
    const rest = new URLSearchParams(searchParams);
    rest.delete('expired');
    navigate(`/checkout${rest.size > 0 ? `?${rest.toString()}` : ''}`, { replace: true });
  }, [holdLapsed, searchParams, navigate, t]);
  useCancelledCheckout(searchParams.get('cancelled') === '1', () => {
    const rest = new URLSearchParams(searchParams);
    rest.delete('cancelled');
    navigate(`/checkout${rest.size > 0 ? `?${rest.toString()}` : ''}`, { replace: true });
  });

  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (showOutOfStock) noticeRef.current?.scrollIntoView({ block: 'center' });
  }, [showOutOfStock]);

  const choose = (modelId: string) => {
    setPicked(modelId);
    setRefusedModel(undefined);
  };

  return (
    <PublicLayout>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-3xl font-bold tracking-tight">{t('heading')}</h1>
        <div className="mt-6">
          <ProgressSteps current={step} />
        </div>
        <div className="mt-8">
          {step === 1 ? (
            <div className="grid gap-6">
              {waitlistToken && <WaitlistOfferNotice notice={offerNotice} />}
              {/* Always its box (empty until the model is known), so nothing below moves when it arrives. */}
              <ProductArt model={selected?.model} size="sm" className="mx-auto" />
              <PlanCard modelName={selected?.model.name} />
              <RegistrationForm
                onSubmit={startCheckout.mutateAsync}
                pending={startCheckout.isPending}
                modelId={selectedId}
                onOutOfStock={() => {
                  // The refused model stays chosen (shown out of stock) until the customer picks another.
                  setPicked(selectedId);
                  setRefusedModel(selectedId);
                  void live.refresh();
                }}
              >
                <Card>
                  <CardContent className="grid gap-4">
                    <ModelPicker
                      items={items}
                      selectedId={selectedId}
                      heldForYouId={heldModelId}
                      onSelect={choose}
                      loading={live.models.isLoading}
                      failed={live.models.isError}
                      onRetry={() => void live.refresh()}
                    />
                    {showOutOfStock && (
                      <div ref={noticeRef}>
                        <OutOfStockNotice alternatives={alternatives} onSwitch={choose} />
                      </div>
                    )}
                  </CardContent>
                </Card>
              </RegistrationForm>
            </div>
          ) : (
            <RedirectingToPayment />
          )}
        </div>
      </div>
    </PublicLayout>
  );
}

function RedirectingToPayment() {
  const { t } = useTranslation('checkout');
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-6 py-10 text-center">
        <h2 className="text-2xl font-semibold">{t('redirecting.title')}</h2>
        <Spinner label={t('redirecting.spinner')} className="[&_svg]:size-10" />
        <p className="max-w-md text-muted-foreground">{t('redirecting.body')}</p>
        <div
          aria-hidden="true"
          className="w-72 max-w-full rounded-xl bg-gradient-to-br from-primary to-primary/70 p-5 text-left text-primary-foreground shadow-lg"
        >
          <p className="text-xs tracking-widest uppercase opacity-80">Card</p>
          <p className="mt-6 font-mono text-lg tracking-widest">•••• •••• •••• ••••</p>
          <div className="mt-4 flex justify-between font-mono text-xs opacity-80">
            <span>NAME ON CARD</span>
            <span>MM/YY</span>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
