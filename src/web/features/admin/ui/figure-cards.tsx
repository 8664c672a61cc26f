import { AlertTriangle, Banknote, DollarSign, Repeat, Users, Wallet } from 'lucide-react';
import { useId, type ComponentType } from 'react';
import { failedPaymentRate, type BusinessFigures } from '@/contracts/admin/figures';
import { formatCents } from '@/contracts/money';
import { Card, CardContent } from '@/web/components/ui/card';
import { cn } from '@/web/lib/utils';

/**
 * The money figures as cards, labelled and worded once for the stat cards over the tabs and the Analytics tab
 * (both draw the same `figures` object; definitions in src/contracts/admin/figures.ts). Card labels are the
 * spec's where it has them (Active Subscriptions, Total Customers, Monthly Revenue, Pending Fees).
 */
export interface FigureCardContent {
  label: string;
  value: string;
  detail: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}

export const count = (n: number) => n.toLocaleString('en-US');
/** "1 lead", "2 leads": a count with its noun. */
export const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;
const monthName = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export const figureCards = {
  activeRentals: (f: BusinessFigures): FigureCardContent => ({
    label: 'Active Subscriptions',
    value: count(f.activeRentals),
    detail: 'Active rentals now',
    icon: Repeat,
  }),
  customers: (f: BusinessFigures): FigureCardContent => ({
    label: 'Total Customers',
    value: count(f.customers),
    // Not Settings → Leads (addresses we could not serve): people who registered at checkout and never paid.
    detail: `Paid at least once; ${plural(f.leads, 'other', 'others')} registered but never paid`,
    icon: Users,
  }),
  mrr: (f: BusinessFigures): FigureCardContent => ({
    label: 'Monthly Revenue',
    value: formatCents(f.mrrCents),
    detail:
      f.mrrAtRiskCents > 0
        ? `Recurring (weekly rent × 52 / 12); ${formatCents(f.mrrAtRiskCents)} of it past due`
        : 'Recurring, from current subscriptions (weekly rent × 52 / 12)',
    icon: DollarSign,
  }),
  collected: (f: BusinessFigures): FigureCardContent => ({
    label: 'Collected This Month',
    value: formatCents(f.collectedThisMonth.collectedCents),
    detail: `Paid invoices less refunds, ${monthName(f.collectedThisMonth.month)}`,
    icon: Banknote,
  }),
  outstanding: (f: BusinessFigures): FigureCardContent => ({
    label: 'Outstanding',
    value: formatCents(f.outstanding.totalCents),
    detail:
      `${plural(f.outstanding.openInvoices, 'open invoice', 'open invoices')} and ${formatCents(f.outstanding.unbilledFeesCents)} in fees not yet billed` +
      (f.outstanding.creditsCents > 0 ? `, less ${formatCents(f.outstanding.creditsCents)} in account credits` : ''),
    icon: Wallet,
  }),
  failedPayments: (f: BusinessFigures): FigureCardContent => {
    const rate = failedPaymentRate(f.failedPayments);
    return {
      label: 'Failed Payments',
      value: rate === null ? 'None' : `${Math.round(rate * 1000) / 10}%`,
      detail:
        rate === null
          ? `No charge attempts in the last ${f.failedPayments.windowDays} days`
          : `${count(f.failedPayments.failed)} of ${plural(f.failedPayments.attempts, 'charge attempt', 'charge attempts')}, last ${f.failedPayments.windowDays} days`,
      icon: AlertTriangle,
    };
  },
};

/** One figure: a labelled group, so a screen reader announces the label with the value and its detail. */
export function FigureCard({ label, value, detail, icon: Icon }: FigureCardContent) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} className="gap-2 py-4">
      <CardContent className="flex items-start justify-between gap-3 px-4">
        <div>
          <p id={labelId} className="text-sm font-medium text-muted-foreground">
            {label}
          </p>
          <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
          <p className="mt-1 text-xs text-muted-foreground">{detail}</p>
        </div>
        <Icon aria-hidden={true} className="size-5 shrink-0 text-primary" />
      </CardContent>
    </Card>
  );
}

/** A row of figure cards under one accessible name. */
export function FigureCardGrid({
  label,
  cards,
  className,
}: {
  label: string;
  cards: FigureCardContent[];
  className?: string;
}) {
  return (
    <section aria-label={label} className={cn('grid grid-cols-2 gap-3 md:grid-cols-3', className)}>
      {cards.map((card) => (
        <FigureCard key={card.label} {...card} />
      ))}
    </section>
  );
}
