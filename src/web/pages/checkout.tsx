import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { PublicLayout } from '../components/layout/public-layout';
import { ProductArt } from '../components/product-art';
import { Card, CardContent } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { useUnitModels } from '../features/catalog/api';
import { useCancelledCheckout, useStartCheckout } from '../features/checkout/api';
import { PlanCard } from '../features/checkout/plan-summary';
import { ProgressSteps } from '../features/checkout/progress-steps';
import { RegistrationForm } from '../features/checkout/registration-form';
import { useDocumentTitle } from '../lib/use-document-title';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /checkout (spec section 2): registration, the agreement and the price, then off to the payment page. The model
 * comes from ?model= (or the ?btu= tier); without either the server picks an in-stock unit.
 */
export default function CheckoutPage() {
  useDocumentTitle('Checkout');
  const [searchParams] = useSearchParams();
  const [, navigate] = useLocation();
  const sessionId = searchParams.get('session_id');
  const modelParam = searchParams.get('model') ?? '';
  const modelId = UUID.test(modelParam) ? modelParam : undefined;
  const btuTier = searchParams.get('btu')?.slice(0, 20) || undefined;
  const models = useUnitModels();
  const modelName = models.data?.find((model) => model.id === modelId)?.name;
  const [step, setStep] = useState<1 | 2>(1);
  const startCheckout = useStartCheckout({ modelId, btuTier, onReserved: () => setStep(2) });

  useEffect(() => {
    if (sessionId) navigate(`/success?session_id=${encodeURIComponent(sessionId)}`, { replace: true });
  }, [sessionId, navigate]);
  useCancelledCheckout(searchParams.get('cancelled') === '1', () => {
    const rest = new URLSearchParams(searchParams);
    rest.delete('cancelled');
    navigate(`/checkout${rest.size > 0 ? `?${rest.toString()}` : ''}`, { replace: true });
  });

  return (
    <PublicLayout>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-3xl font-bold tracking-tight">Rent Your AC Unit</h1>
        <div className="mt-6">
          <ProgressSteps current={step} />
        </div>
        <div className="mt-8">
          {step === 1 ? (
            <div className="grid gap-6">
              {modelId && (
                <ProductArt model={models.data?.find((model) => model.id === modelId)} size="sm" className="mx-auto" />
              )}
              <PlanCard modelName={modelName} />
              <RegistrationForm onSubmit={startCheckout.mutateAsync} pending={startCheckout.isPending} />
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
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-6 py-10 text-center">
        <h2 className="text-2xl font-semibold">Redirecting to Payment</h2>
        <Spinner label="Redirecting to the secure payment page..." className="[&_svg]:size-10" />
        <p className="max-w-md text-muted-foreground">
          Taking you to our secure payment page. Your unit is reserved for 30 minutes while you pay.
        </p>
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
