import { useTranslation } from 'react-i18next';
import { CreditCard, MapPin, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { btuRange } from '@/web/lib/tier-details';
import { formatCalendarDateIn } from '@/i18n/format';
import { formatCents } from '@/contracts/money';
import type { PortalView as PortalData } from '@/contracts/portal';
import { DetailRow } from '@/web/components/detail-row';
import { ProductArt } from '@/web/components/product-art';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { cn } from '@/web/lib/utils';
import { BillingStatusBadge } from './billing-history';
import { usePortalLocale } from './locale';

/** One of the portal's cards; an icon before the title when given. */
function PortalCard({
  title,
  icon,
  className,
  children,
}: {
  title: string;
  icon?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className={cn(icon && 'flex items-center gap-2')}>
          {icon}
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </Card>
  );
}

const cardBrands: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** Card brands arrive as the provider's ids ('visa', 'amex'); people read them as names. */
function cardBrandLabel(brand: string): string {
  return cardBrands[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** A calendar date as the portal's reader reads it. */
function usePortalDate(): (iso: string) => string {
  const locale = usePortalLocale();
  return (iso: string) => formatCalendarDateIn(locale, iso);
}

/** The rental's plan, rate, start date, unit and minimum term, under a picture of the unit. */
export function RentalDetailsCard({ order, unitModel }: Pick<PortalData, 'order' | 'unitModel'>) {
  const { t } = useTranslation('portal');
  const date = usePortalDate();
  const isMonthly = order.type === 'monthly';
  const name = (usePortalLocale() === 'es' && unitModel.nameEs) || unitModel.name;
  return (
    <PortalCard title={t('details.title')}>
      <ProductArt model={{ name, btuTier: order.btuTier, photoUrl: unitModel.photoUrl }} size="sm" className="mb-2" />
      <dl className="divide-y">
        <DetailRow label={t('details.plan')}>
          {isMonthly ? t('details.monthlyPlan') : t('details.weeklyPlan')}
        </DetailRow>
        <DetailRow label={t('details.rate')}>
          {t(isMonthly ? 'details.perMonth' : 'details.perWeek', { price: formatCents(order.priceCents) })}
        </DetailRow>
        <DetailRow label={t('details.startDate')}>{date(order.startDate)}</DetailRow>
        <DetailRow label={t('details.unitModel')}>
          {/* The reference models are named by their range ("Portable AC 12,000-14,000 BTU"): said once. */}
          {name.includes(btuRange(order.btuTier)) ? name : `${name} (${btuRange(order.btuTier)})`}
        </DetailRow>
        <DetailRow label={t('details.minimumTerm')}>
          {isMonthly ? t('details.months', { count: order.monthsMin }) : t('details.noMinimum')}
        </DetailRow>
      </dl>
    </PortalCard>
  );
}

/** The next bill, the billing status, the card on file and the way to change that card (monthly or weekly). */
export function BillingCard({
  order,
  billing,
  paymentMethod,
  onUpdatePaymentMethod,
}: Pick<PortalData, 'order' | 'billing' | 'paymentMethod'> & { onUpdatePaymentMethod: () => void }) {
  const { t } = useTranslation('portal');
  const date = usePortalDate();
  return (
    <PortalCard title={t('billing.title')} className="grid gap-4">
      <dl className="divide-y">
        <DetailRow label={t('billing.nextBillDate')}>{order.nextBillDate ? date(order.nextBillDate) : '—'}</DetailRow>
        <DetailRow label={t('billing.status')}>
          <BillingStatusBadge status={billing.status} />
        </DetailRow>
        <DetailRow label={t('billing.amount')}>{formatCents(billing.nextAmountCents ?? order.priceCents)}</DetailRow>
        {billing.endsAt && <DetailRow label={t('billing.billingEnds')}>{date(billing.endsAt)}</DetailRow>}
        <DetailRow label={t('billing.paymentMethod')}>
          <span className="inline-flex items-center gap-2">
            <CreditCard aria-hidden="true" className="size-4" />
            {paymentMethod
              ? `${cardBrandLabel(paymentMethod.brand)} •••• ${paymentMethod.last4}`
              : '•••• •••• •••• ••••'}
          </span>
        </DetailRow>
      </dl>
      <Button variant="outline" onClick={onUpdatePaymentMethod}>
        {t('billing.updatePaymentMethod')}
      </Button>
    </PortalCard>
  );
}

/** Where the unit is delivered, with the building notes given at checkout. */
export function AddressCard({ order }: Pick<PortalData, 'order'>) {
  const { t } = useTranslation('portal');
  return (
    <PortalCard title={t('address.title')} icon={<MapPin aria-hidden="true" className="size-5" />} className="text-sm">
      <p className="font-medium">{order.address}</p>
      <p>
        {order.city}, CA {order.zipCode}
      </p>
      {order.buildingNotes && (
        <p className="mt-2 text-muted-foreground">{t('address.notes', { notes: order.buildingNotes })}</p>
      )}
    </PortalCard>
  );
}

/** How we reach the customer: their e-mail and phone. */
export function ContactCard({ customer }: Pick<PortalData, 'customer'>) {
  const { t } = useTranslation('portal');
  return (
    <PortalCard
      title={t('contact.title')}
      icon={<UserRound aria-hidden="true" className="size-5" />}
      className="text-sm"
    >
      <p>{customer.email}</p>
      <p>{customer.phone ?? t('contact.noPhone')}</p>
    </PortalCard>
  );
}
