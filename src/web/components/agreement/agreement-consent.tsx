import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanType } from '@/contracts/admin/orders';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { Checkbox } from '../ui/checkbox';
import { Label } from '../ui/label';
import { AgreementSummary } from './agreement-summary';

interface AgreementConsentProps {
  /** The checkbox's id (its label and any error point at it). */
  id: string;
  agreed: boolean;
  hydrated: boolean;
  onAgreedAtChange: (agreedAt: string | null) => void;
  planType?: PlanType;
  /** Why the tick is needed, when a submit came without it (shown under the box, announced). */
  error?: string | undefined;
  /** Shown below the tick (a phone order's typed legal name). */
  children?: ReactNode;
}

/**
 * The rental agreement card (checkout's step 1, a phone order's page): its key terms for the plan, a link to the
 * full terms, and the tick that accepts them. The tick is timestamped when given (`agreedAt`, recorded with the
 * agreement) and cleared when taken back.
 */
export function AgreementConsent({
  id,
  agreed,
  hydrated,
  onAgreedAtChange,
  planType,
  error,
  children,
}: AgreementConsentProps) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('ui.agreement.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <AgreementSummary planType={planType} />
        <div className="flex items-start gap-3 rounded-lg border p-4">
          <Checkbox
            id={id}
            checked={agreed}
            onCheckedChange={(checked) => onAgreedAtChange(checked ? new Date().toISOString() : null)}
            // Until hydrated a press does nothing (the scripts load after the first paint): shown as not ready yet.
            disabled={!hydrated}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-0.5"
          />
          <div className="grid gap-1.5">
            <Label htmlFor={id} className="leading-snug">
              {t('ui.agreement.accept')}
            </Label>
            <a
              href="/terms"
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-sm font-medium text-primary underline underline-offset-4"
            >
              {t('ui.agreement.readFull')}
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">{t('ui.agreement.newTab')}</span>
            </a>
            {error && (
              <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
        </div>
        {children}
      </CardContent>
    </Card>
  );
}
