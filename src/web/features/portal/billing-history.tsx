import { useTranslation } from 'react-i18next';
import { formatCalendarDateIn } from '@/i18n/format';
import { usePortalLocale } from './locale';
import { systemFeeTypes, type SystemFeeType } from '@/contracts/fee-types';
import { todayInLosAngeles } from '@/contracts/dates';
import { formatCents } from '@/contracts/money';
import type { RentalBilling } from '@/contracts/billing';
import type { PortalFee } from '@/contracts/portal';
import { Badge, type BadgeProps } from '@/web/components/ui/badge';

const billingStatusVariants: Record<RentalBilling['status'], BadgeProps['variant']> = {
  current: 'success',
  past_due: 'destructive',
  suspended: 'destructive',
  ended: 'outline',
  none: 'secondary',
};

const invoiceStates = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
const isInvoiceState = (status: string): status is (typeof invoiceStates)[number] =>
  (invoiceStates as readonly string[]).includes(status);

export function BillingStatusBadge({ status }: { status: RentalBilling['status'] }) {
  const { t } = useTranslation('portal');
  return <Badge variant={billingStatusVariants[status]}>{t(`invoices.billingStates.${status}`)}</Badge>;
}

const isSystemFee = (feeType: string): feeType is SystemFeeType =>
  (systemFeeTypes as readonly string[]).includes(feeType);

/**
 * A fee's line: its kind in the reader's language, then what it is for. The owner's fees keep the description the
 * owner wrote; the agreement's own fees (early termination, late payment) are written by the system in English, so a
 * Spanish reader gets their kind alone, which says all of it.
 */
function FeeLine({ fee }: { fee: PortalFee }) {
  const { t } = useTranslation('portal');
  const locale = usePortalLocale();
  const kind = t(`invoices.feeTypes.${fee.feeType}`, { defaultValue: fee.feeType });
  return <>{isSystemFee(fee.feeType) && locale !== 'en' ? kind : `${kind}: ${fee.description}`}</>;
}

/**
 * What happens to a fee, in the words of what the provider does: paid; unpaid on its invoice (with the provider's
 * page to pay it); charged on an invoice of its own (no monthly bill was left to carry it); on the next bill.
 */
function FeeState({ fee, renews }: { fee: PortalFee; renews: boolean }) {
  const { t } = useTranslation('portal');
  if (fee.status === 'paid') return <>{t('invoices.feePaid')}</>;
  if (fee.invoice?.status === 'open') {
    return (
      <>
        {t('invoices.feeUnpaid')}
        {fee.invoice.url && (
          <>
            {' · '}
            <a className="underline" href={fee.invoice.url}>
              {t('invoices.feePayNow')}
            </a>
          </>
        )}
      </>
    );
  }
  if (fee.ownInvoice) return <>{t('invoices.feeOwnInvoice')}</>;
  return <>{renews ? t('invoices.feeNextBill') : t('invoices.feeChargingNow')}</>;
}

type HistoryLine =
  | { invoice: RentalBilling['invoices'][number]; credit?: undefined }
  | { invoice?: undefined; credit: RentalBilling['credits'][number] };

/** Invoices and account credits, each a line of its own, newest first (an invoice by when it was paid or began). */
function historyLines(billing: RentalBilling): HistoryLine[] {
  const lines: Array<HistoryLine & { at: string }> = [
    ...billing.invoices.map((invoice) => ({ invoice, at: invoice.paidAt ?? invoice.periodStart })),
    ...billing.credits.map((credit) => ({ credit, at: credit.createdAt })),
  ];
  return lines.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

/** The invoices the provider has issued for this rental and the customer's credits, newest first, and the fees. */
export function BillingHistory({ billing, fees }: { billing: RentalBilling; fees: PortalFee[] }) {
  const { t } = useTranslation('portal');
  const locale = usePortalLocale();
  const date = (iso: string) => formatCalendarDateIn(locale, iso);
  return (
    <div className="grid gap-6">
      <section aria-labelledby="invoices-heading">
        <h2 id="invoices-heading" className="text-lg font-semibold">
          {t('invoices.title')}
        </h2>
        {billing.invoices.length === 0 && billing.credits.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t('invoices.none')}</p>
        ) : (
          <div className="mt-3 overflow-x-auto rounded-lg border">
            <table className="w-full text-left text-sm">
              <thead className="bg-muted/50">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('invoices.period')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('invoices.amount')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('invoices.status')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('invoices.receipt')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {historyLines(billing).map(({ invoice, credit }) =>
                  credit ? (
                    <tr key={credit.id}>
                      <td className="px-3 py-2">
                        {t('invoices.credit', {
                          date: date(todayInLosAngeles(new Date(credit.createdAt))),
                          reason: credit.reason,
                        })}
                      </td>
                      <td className="px-3 py-2">−{formatCents(credit.amountCents)}</td>
                      <td className="px-3 py-2">{t('invoices.creditStatus')}</td>
                      <td className="px-3 py-2 text-muted-foreground">{t('receipts.none')}</td>
                    </tr>
                  ) : (
                    <tr key={invoice.id}>
                      <td className="px-3 py-2">
                        {date(invoice.periodStart)} – {date(invoice.periodEnd)}
                      </td>
                      <td className="px-3 py-2">
                        {formatCents(invoice.amountCents)}
                        {invoice.refundedCents > 0 && (
                          <span className="block text-muted-foreground">
                            {t('invoices.refunded', { amount: formatCents(invoice.refundedCents) })}
                          </span>
                        )}
                      </td>
                      <td className="px-3 py-2">
                        {isInvoiceState(invoice.status) ? t(`invoices.states.${invoice.status}`) : invoice.status}
                        {invoice.status === 'open' &&
                          invoice.attemptCount > 0 &&
                          ` ${t('invoices.failed', { count: invoice.attemptCount })}`}
                      </td>
                      <td className="px-3 py-2">
                        {invoice.url ? (
                          <a className="underline" href={invoice.url} target="_blank" rel="noreferrer">
                            {invoice.status === 'paid' ? t('invoices.receipt') : t('invoices.viewInvoice')}
                          </a>
                        ) : (
                          <span className="text-muted-foreground">{t('receipts.none')}</span>
                        )}
                      </td>
                    </tr>
                  ),
                )}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {fees.length > 0 && (
        <section aria-labelledby="fees-heading">
          <h2 id="fees-heading" className="text-lg font-semibold">
            {t('invoices.fees')}
          </h2>
          <ul className="mt-3 divide-y rounded-lg border text-sm">
            {fees.map((fee) => (
              <li key={fee.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span>
                  <FeeLine fee={fee} />
                </span>
                <span className="font-medium">
                  {formatCents(fee.amountCents)} · <FeeState fee={fee} renews={billing.nextBillDate !== null} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
