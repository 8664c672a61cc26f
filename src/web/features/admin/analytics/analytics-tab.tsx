import type { AdminAnalytics } from '@/contracts/admin/analytics';
import { formatCents } from '@/contracts/money';
import { QueryState } from '../ui/query-state';
import { useAnalytics } from './api';
import { BarChart } from './bar-chart';
import { LineChart } from './line-chart';
import { UtilisationChart } from './utilisation-chart';

const monthLabel = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const weekLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const wholeDollars = (cents: number) => formatCents(cents, { wholeDollars: true });
const count = (value: number) => Math.round(value).toLocaleString('en-US');

/** The Analytics tab (loaded on first open, with its own query). */
export default function AnalyticsTab() {
  const analytics = useAnalytics();
  return (
    <QueryState
      query={analytics}
      loadingLabel="Loading analytics..."
      errorTitle="Analytics could not load"
      spinnerClassName="w-full py-16"
    >
      {(data) => <AnalyticsCharts analytics={data} />}
    </QueryState>
  );
}

function AnalyticsCharts({ analytics }: { analytics: AdminAnalytics }) {
  const { rentalsByMonth, feesByMonth, newCustomersByWeek, utilisationByModel } = analytics;
  const last = <T,>(items: T[]) => items[items.length - 1];
  const latest = last(rentalsByMonth);

  return (
    <section aria-labelledby="analytics-heading" className="grid gap-6">
      <h2 id="analytics-heading" className="text-xl font-semibold">
        Analytics
      </h2>
      <div className="grid gap-6 xl:grid-cols-2">
        <LineChart
          title="Active rentals, last 12 months"
          summary={`Rentals running at each month's end. Now: ${count(latest?.activeRentals ?? 0)}.`}
          valueLabel="Active rentals"
          format={count}
          points={rentalsByMonth.map((month) => ({ label: monthLabel(month.month), value: month.activeRentals }))}
        />
        <LineChart
          title="Monthly recurring revenue, last 12 months"
          summary={`Recurring revenue of the rentals running at each month's end. Now: ${wholeDollars(latest?.recurringRevenueCents ?? 0)} a month.`}
          valueLabel="Recurring revenue"
          format={wholeDollars}
          minStep={100}
          points={rentalsByMonth.map((month) => ({
            label: monthLabel(month.month),
            value: month.recurringRevenueCents,
          }))}
        />
        <UtilisationChart
          title="Utilisation per model"
          summary={utilisationByModel
            .map((model) => `${model.name}: ${model.rented} of ${model.inService} units in service rented`)
            .join('. ')}
          models={utilisationByModel}
        />
        <BarChart
          title="New customers per week, last 12 weeks"
          summary={`${count(newCustomersByWeek.reduce((sum, week) => sum + week.customers, 0))} new customers in 12 weeks; this week ${count(last(newCustomersByWeek)?.customers ?? 0)}.`}
          series={['New customers']}
          format={count}
          groups={newCustomersByWeek.map((week) => ({ label: weekLabel(week.weekStart), values: [week.customers] }))}
        />
        <BarChart
          title="Fees billed vs collected, last 12 months"
          summary={`Billed ${wholeDollars(feesByMonth.reduce((sum, month) => sum + month.billedCents, 0))} and collected ${wholeDollars(feesByMonth.reduce((sum, month) => sum + month.collectedCents, 0))} in 12 months.`}
          series={['Billed', 'Collected']}
          format={wholeDollars}
          minStep={100}
          groups={feesByMonth.map((month) => ({
            label: monthLabel(month.month),
            values: [month.billedCents, month.collectedCents],
          }))}
        />
      </div>
    </section>
  );
}
