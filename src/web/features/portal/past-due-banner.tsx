import { useTranslation } from 'react-i18next';
import { intlLocale } from '@/i18n/format';
import type { Locale } from '@/contracts/locale';
import { usePortalLocale } from './locale';
import { business } from '@/contracts/business';
import type { RentalBilling } from '@/contracts/billing';
import { formatCents } from '@/contracts/money';
import { Button } from '@/web/components/ui/button';

const day = (iso: string, locale: Locale) =>
  new Date(iso).toLocaleDateString(intlLocale(locale), {
    timeZone: business.timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

/**
 * A payment failed: what is owed, what happens next, and the two ways out. "Pay now" opens the provider's page for
 * the open invoice (with the embedded gateway, its billing page, where a new card pays what is open).
 */
export function PastDueBanner({
  billing,
  onUpdatePaymentMethod,
}: {
  billing: RentalBilling;
  onUpdatePaymentMethod: () => void;
}) {
  const invoice = billing.openInvoice;
  if (!invoice || (billing.status !== 'past_due' && billing.status !== 'suspended')) return null;
  const suspended = billing.status === 'suspended';
  return <PastDueNotice invoice={invoice} suspended={suspended} onUpdatePaymentMethod={onUpdatePaymentMethod} />;
}

function PastDueNotice({
  invoice,
  suspended,
  onUpdatePaymentMethod,
}: {
  invoice: NonNullable<RentalBilling['openInvoice']>;
  suspended: boolean;
  onUpdatePaymentMethod: () => void;
}) {
  const { t } = useTranslation('portal');
  const locale = usePortalLocale();
  return (
    <div role="alert" className="mt-6 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm">
      <p className="font-semibold">{suspended ? t('pastDue.suspendedTitle') : t('pastDue.title')}</p>
      <p className="mt-1">
        {t('pastDue.couldNotCharge', { amount: formatCents(invoice.amountDueCents) })}{' '}
        {suspended ? t('pastDue.suspended') : t('pastDue.nextFails')}
        {invoice.nextAttemptAt && ` ${t('pastDue.tryAgain', { date: day(invoice.nextAttemptAt, locale) })}`}{' '}
        {t('pastDue.lateFee', { days: business.lateFeeAfterDays, fee: formatCents(business.lateFeeCents) })}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button onClick={onUpdatePaymentMethod}>{t('pastDue.updatePaymentMethod')}</Button>
        {invoice.url ? (
          <Button asChild variant="outline">
            <a href={invoice.url}>{t('pastDue.payNow')}</a>
          </Button>
        ) : (
          <Button variant="outline" onClick={onUpdatePaymentMethod}>
            {t('pastDue.payNow')}
          </Button>
        )}
      </div>
    </div>
  );
}
