import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Label } from '@/web/components/ui/label';
import { AgreementSummary } from './agreement-summary';

/**
 * The rental agreement card of step 1: its key terms, a link to the full terms, and the tick that accepts them.
 * The tick is timestamped when given (`agreedAt`, recorded with the agreement) and cleared when taken back.
 */
export function AgreementConsent({
  agreed,
  hydrated,
  onAgreedAtChange,
}: {
  agreed: boolean;
  hydrated: boolean;
  onAgreedAtChange: (agreedAt: string | null) => void;
}) {
  const { t } = useTranslation('checkout');
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('agreement.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <AgreementSummary />
        <div className="flex items-start gap-3 rounded-lg border p-4">
          <Checkbox
            id="checkout-agreement"
            checked={agreed}
            onCheckedChange={(checked) => onAgreedAtChange(checked === true ? new Date().toISOString() : null)}
            // Until hydrated a press does nothing (the scripts load after the first paint): shown as not ready yet.
            disabled={!hydrated}
            className="mt-0.5"
          />
          <div className="grid gap-1.5">
            <Label htmlFor="checkout-agreement" className="leading-snug">
              {t('agreement.accept')}
            </Label>
            <a
              href="/terms"
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-sm font-medium text-primary underline underline-offset-4"
            >
              {t('agreement.readFull')}
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">{t('agreement.newTab')}</span>
            </a>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
