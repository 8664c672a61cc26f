import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryQuoteView } from '@/contracts/service-area';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { useLeaveLead } from './api';
import { useServerMessage } from '@/web/i18n/server-message';
import { formatCount } from '@/contracts/money';

type ZipQuote = Pick<DeliveryQuoteView, 'status' | 'zipCode' | 'message'> &
  Partial<Pick<DeliveryQuoteView, 'miles' | 'serviceRadiusMiles'>>;

/**
 * Under the ZIP field when we cannot deliver there: why (out of the area, or no such ZIP), and for an address out
 * of the area, a one-field form to hear when we start delivering there.
 */
export function ZipNotice({ quote, email }: { quote: ZipQuote | undefined; email: string }) {
  const { t } = useTranslation('checkout');
  const serverMessage = useServerMessage();
  if (!quote || (quote.status !== 'out_of_area' && quote.status !== 'unknown')) return null;
  let message = quote.message ?? '';
  if (quote.status === 'unknown') message = t('lead.unknownZip', { zipCode: quote.zipCode });
  else if (typeof quote.miles === 'number' && typeof quote.serviceRadiusMiles === 'number') {
    message = t('lead.outOfArea', {
      zipCode: quote.zipCode,
      miles: formatCount(quote.miles),
      radius: quote.serviceRadiusMiles,
    });
  } else message = serverMessage(message);
  return (
    <div role="status" className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
      <p className="font-medium">{message}</p>
      {quote.status === 'out_of_area' && <LeadForm zipCode={quote.zipCode} email={email} />}
    </div>
  );
}

function LeadForm({ zipCode, email }: { zipCode: string; email: string }) {
  const { t } = useTranslation('checkout');
  const serverMessage = useServerMessage();
  const [address, setAddress] = useState(email);
  const lead = useLeaveLead();
  if (lead.data)
    return <p className="font-medium text-success">{t('lead.thanks', { zipCode: zipCode.slice(0, 5) })}</p>;
  const error = lead.error ? serverMessage(lead.error.message) : undefined;
  return (
    // Not a nested <form>: it sits inside the registration form, so it submits with its own button.
    <div className="grid gap-2" role="group" aria-labelledby="lead-heading">
      <p id="lead-heading">{t('lead.prompt')}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="lead-email">{t('lead.email')}</Label>
          <Input
            id="lead-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={address}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'lead-email-error' : undefined}
            onChange={(event) => setAddress(event.target.value)}
          />
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={lead.isPending}
          onClick={() => lead.mutate({ email: address, zipCode, kind: 'service_area' })}
        >
          {lead.isPending ? t('lead.saving') : t('lead.notify')}
        </Button>
      </div>
      {error && (
        <p id="lead-email-error" role="alert" className="font-medium text-destructive">
          {t('lead.saveError')}: {error}
        </p>
      )}
    </div>
  );
}
