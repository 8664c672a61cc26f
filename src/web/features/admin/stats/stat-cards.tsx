import { CalendarClock, PackageCheck, Receipt } from 'lucide-react';
import type { AdminStats } from '@/contracts/admin/stats';
import { formatCents } from '@/contracts/money';
import { count, figureCards, FigureCardGrid, type FigureCardContent } from '../ui/figure-cards';

/**
 * The spec's six cards (pending fees show count and amount), then the money the spec has no card for. The money
 * figures come from `stats.figures`, the object Analytics shows too.
 */
function statCards(stats: AdminStats): FigureCardContent[] {
  const { figures } = stats;
  const fees = `${count(figures.pendingFees.count)} unpaid ${figures.pendingFees.count === 1 ? 'fee' : 'fees'}`;
  return [
    figureCards.activeRentals(figures),
    figureCards.customers(figures),
    { label: 'Pending Fees', value: formatCents(figures.pendingFees.amountCents), detail: fees, icon: Receipt },
    figureCards.mrr(figures),
    { label: 'Available Units', value: count(stats.availableUnits), detail: 'Ready to rent', icon: PackageCheck },
    {
      label: 'Pending Deliveries',
      value: count(stats.pendingDeliveries),
      detail: 'To schedule or deliver',
      icon: CalendarClock,
    },
  ];
}

/** The cards over the tabs. */
export function StatCards({ stats }: { stats: AdminStats }) {
  return (
    <div className="grid gap-3">
      <FigureCardGrid label="Business at a glance" cards={statCards(stats)} className="xl:grid-cols-6" />
      <FigureCardGrid
        label="Money"
        cards={[
          figureCards.collected(stats.figures),
          figureCards.outstanding(stats.figures),
          figureCards.failedPayments(stats.figures),
        ]}
      />
    </div>
  );
}
