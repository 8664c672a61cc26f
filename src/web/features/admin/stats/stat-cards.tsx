import { CalendarClock, DollarSign, PackageCheck, Receipt, Repeat, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import type { AdminStats } from '@/contracts/admin/stats';
import { formatCents } from '@/contracts/money';
import { Card, CardContent } from '@/web/components/ui/card';

interface StatCardContent {
  label: string;
  value: string;
  detail: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}

const count = (n: number) => n.toLocaleString('en-US');

/** The seven figures of the stats endpoint as six cards (pending fees show count and amount). */
function statCards(stats: AdminStats): StatCardContent[] {
  const fees = `${count(stats.pendingFeesCount)} unpaid ${stats.pendingFeesCount === 1 ? 'fee' : 'fees'}`;
  return [
    {
      label: 'Active Subscriptions',
      value: count(stats.activeSubscriptions),
      detail: 'Rentals running now',
      icon: Repeat,
    },
    { label: 'Total Customers', value: count(stats.totalCustomers), detail: 'All time', icon: Users },
    { label: 'Pending Fees', value: formatCents(stats.pendingFeesAmount), detail: fees, icon: Receipt },
    {
      label: 'Monthly Revenue',
      value: formatCents(stats.monthlyRevenue),
      detail: 'Recurring, from active rentals',
      icon: DollarSign,
    },
    { label: 'Available Units', value: count(stats.availableUnits), detail: 'Ready to rent', icon: PackageCheck },
    {
      label: 'Pending Deliveries',
      value: count(stats.pendingDeliveries),
      detail: 'To schedule or deliver',
      icon: CalendarClock,
    },
  ];
}

function StatCard({ label, value, detail, icon: Icon }: StatCardContent) {
  return (
    <Card className="gap-2 py-4">
      <CardContent className="flex items-start justify-between gap-3 px-4">
        <div>
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
          <p className="mt-1 text-xs text-muted-foreground">{detail}</p>
        </div>
        <Icon aria-hidden={true} className="size-5 text-primary" />
      </CardContent>
    </Card>
  );
}

/** The cards over the tabs. */
export function StatCards({ stats }: { stats: AdminStats }) {
  return (
    <section aria-label="Business at a glance" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      {statCards(stats).map((card) => (
        <StatCard key={card.label} {...card} />
      ))}
    </section>
  );
}
