import { useTranslation } from 'react-i18next';
import { formatCents } from '@/contracts/money';
import type { OrderLinkView } from '@/contracts/phone-orders';
import { formatCalendarDateIn, formatMomentIn } from '@/i18n/format';
import { localeOrDefault } from '@/i18n/locale';
import { DetailRow } from '@/web/components/detail-row';
import { deliveryWindowText } from '@/web/components/delivery-window-text';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { btuRange } from '@/web/lib/tier-details';

type LinkedOrder = NonNullable<OrderLinkView['order']>;

/**
 * The phone order as the owner entered it: the unit, the plan, the delivery (its window when one was booked, issue
 * 30), who it is for, and what is due.
 */
export function OrderDetails({ order }: { order: LinkedOrder }) {
  const { t, i18n } = useTranslation('orderLink');
  const locale = localeOrDefault(i18n.language);
  const price = formatCents(order.priceCents);
  const btu = btuRange(order.btuTier);
  // Model names often say their BTU already ("Portable AC 12,000-14,000 BTU"): then it is not said twice.
  const unit = order.unitModel.includes(btu)
    ? order.unitModel
    : t('details.unitValue', { model: order.unitModel, btu });
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('details.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="divide-y">
          <DetailRow label={t('details.unit')}>{unit}</DetailRow>
          <DetailRow label={t('details.plan')}>
            {order.planType === 'weekly'
              ? t('details.weekly', { price })
              : t('details.monthly', { price, months: order.monthsMin })}
          </DetailRow>
          <DetailRow label={t('details.startDate')}>{formatCalendarDateIn(locale, order.startDate)}</DetailRow>
          {order.deliveryWindow && (
            <DetailRow label={t('details.deliveryWindow')}>
              {deliveryWindowText(locale, order.deliveryWindow)}
            </DetailRow>
          )}
          <DetailRow label={t('details.deliveryAddress')}>
            {order.address}, {order.city}, CA {order.zipCode}
          </DetailRow>
          {order.buildingNotes && <DetailRow label={t('details.buildingNotes')}>{order.buildingNotes}</DetailRow>}
          <DetailRow label={t('details.name')}>{order.customerName}</DetailRow>
          <DetailRow label={t('details.email')}>
            <span className="break-all">{order.customerEmail}</span>
          </DetailRow>
          {order.deliveryChargeCents > 0 && (
            <DetailRow label={t('details.deliveryCharge')}>{formatCents(order.deliveryChargeCents)}</DetailRow>
          )}
          {order.installationFeeCents > 0 && (
            <DetailRow label={t('details.installationFee')}>{formatCents(order.installationFeeCents)}</DetailRow>
          )}
        </dl>
        <div className="grid gap-1 rounded-lg bg-muted/50 p-4 text-sm">
          <p className="text-base font-semibold">{t('details.dueNow', { amount: formatCents(order.dueNowCents) })}</p>
          <p>{t('details.nextBill', { date: formatCalendarDateIn(locale, order.nextBillDate) })}</p>
          <p className="text-muted-foreground">
            {t('details.heldUntil', { time: formatMomentIn(locale, order.heldUntil, { zone: true }) })}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
