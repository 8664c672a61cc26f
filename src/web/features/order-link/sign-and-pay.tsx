import { CheckCircle2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { orderLinkSignInput, type OrderLinkView } from '@/contracts/phone-orders';
import { AgreementConsent } from '@/web/components/agreement/agreement-consent';
import { DownloadAgreementButton } from '@/web/components/download-agreement-button';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { useServerMessage } from '@/web/i18n/server-message';
import { ApiError } from '@/web/lib/api';
import { useHydrated } from '@/web/lib/use-hydrated';
import { useSignAndPay } from './api';

type LinkedOrder = NonNullable<OrderLinkView['order']>;
/** The signature's problems, in the server's (English) words: from the shared schema, or a 400's fieldErrors. */
type SignatureErrors = { typedName?: string | undefined; agreed?: string | undefined };

const CONSENT_ID = 'order-link-agreement';
const NAME_ID = 'order-link-typed-name';

/**
 * The agreement, signed here with a tick and the typed legal name (checked by the API's own schema first), then on
 * to the payment provider's page. Back from that page unpaid, the order is signed already: only the way on is left.
 * A refusal is said beside the button and changes nothing.
 */
export function SignAndPay({ orderId, linkKey, order }: { orderId: string; linkKey: string; order: LinkedOrder }) {
  const { t } = useTranslation('orderLink');
  const serverMessage = useServerMessage();
  const hydrated = useHydrated();
  const [agreedAt, setAgreedAt] = useState<string | null>(null);
  const [typedName, setTypedName] = useState('');
  const [fieldErrors, setFieldErrors] = useState<SignatureErrors>({});
  const signAndPay = useSignAndPay(orderId, linkKey);
  // Once the payment page is on its way the button stays busy: a second press would open a second session.
  const busy = signAndPay.isPending || signAndPay.isSuccess;
  const refusal = signAndPay.error && !isFieldRefusal(signAndPay.error) ? signAndPay.error.message : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (order.signed) return signAndPay.mutate({ signature: null });
    const checked = orderLinkSignInput.safeParse({
      key: linkKey,
      typedName,
      agreed: agreedAt !== null,
      checkboxTimestamp: agreedAt ?? undefined,
    });
    const found: SignatureErrors = {};
    for (const issue of checked.error?.issues ?? []) {
      const field = issue.path[0];
      if (field === 'typedName' || field === 'agreed') found[field] ??= issue.message;
    }
    setFieldErrors(found);
    if (!checked.success) return;
    const { typedName: name, agreed, checkboxTimestamp } = checked.data;
    signAndPay.mutate(
      { signature: { typedName: name, agreed, checkboxTimestamp } },
      {
        onError: (error) => {
          if (isFieldRefusal(error)) setFieldErrors(error.fieldErrors);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label={t('sign.submit')}>
      {order.signed ? (
        <Card>
          <CardContent className="flex flex-col items-start gap-3">
            <h2 className="inline-flex items-center gap-2 text-lg font-semibold">
              <CheckCircle2 aria-hidden="true" className="size-5 text-primary" /> {t('sign.signed')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('sign.signedText')}</p>
            <DownloadAgreementButton pdfUrl={order.agreementPdfUrl} variant="outline" size="sm" />
          </CardContent>
        </Card>
      ) : (
        <AgreementConsent
          id={CONSENT_ID}
          agreed={agreedAt !== null}
          hydrated={hydrated}
          onAgreedAtChange={setAgreedAt}
          planType={order.planType}
          error={serverMessage(fieldErrors.agreed)}
        >
          <TypedNameField value={typedName} onChange={setTypedName} error={serverMessage(fieldErrors.typedName)} />
        </AgreementConsent>
      )}

      <div className="grid gap-3">
        {refusal && (
          <p role="alert" className="rounded-md border border-destructive/40 p-3 text-sm font-medium text-destructive">
            {serverMessage(refusal)}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={busy || !hydrated} aria-busy={busy}>
          {busy ? t('sign.working') : order.signed ? t('sign.continue') : t('sign.submit')}
        </Button>
      </div>
    </form>
  );
}

/** The legal name typed as the signature, with its hint, and its error announced when it appears. */
function TypedNameField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('orderLink');
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={NAME_ID}>{t('sign.typedName')}</Label>
      <Input
        id={NAME_ID}
        name="typedName"
        autoComplete="name"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${NAME_ID}-hint ${NAME_ID}-error` : `${NAME_ID}-hint`}
      />
      <p id={`${NAME_ID}-hint`} className="text-sm text-muted-foreground">
        {t('sign.typedNameHint')}
      </p>
      {error && (
        <p id={`${NAME_ID}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A 400 that names the fields it refused: said under those fields rather than beside the button. */
function isFieldRefusal(error: Error): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    (error.fieldErrors.typedName !== undefined || error.fieldErrors.agreed !== undefined)
  );
}
