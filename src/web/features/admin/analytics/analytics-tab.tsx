import type { AdminAnalytics } from '@/contracts/admin/analytics';
import { formatCents } from '@/contracts/money';
import { figureCards, FigureCardGrid, plural } from '../ui/figure-cards';
import { QueryState } from '../ui/query-state';
import { useAnalytics } from './api';
import { BarChart } from './bar-chart';
import { InvoiceExport } from './invoice-export';
import { LineChart } from './line-chart';
import { UnmetDemandSection } from './unmet-demand';
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
    <div className="grid gap-6">
      <QueryState
        query={analytics}
        loadingLabel="Loading analytics..."
        errorTitle="Analytics could not load"
        spinnerClassName="w-full py-16"
      >
        {(data) => <AnalyticsCharts analytics={data} />}
      </QueryState>
      <UnmetDemandSection />
      <InvoiceExport />
    </div>
  );
}

function AnalyticsCharts({ analytics }: { analytics: AdminAnalytics }) {
  const { figures, rentalsByMonth, collectedByMonth, feesByMonth, newCustomersByWeek, utilisationByModel } = analytics;
  const last = <T,>(items: T[]) => items[items.length - 1];
  const total = <T,>(items: T[], value: (item: T) => number) => items.reduce((sum, item) => sum + value(item), 0);

  return (
    <section aria-labelledby="analytics-heading" className="grid gap-6">
      <h2 id="analytics-heading" className="text-xl font-semibold">
        Analytics
      </h2>
      {/* The same figures, worded the same, as the stat cards over the tabs. */}
      <FigureCardGrid
        label="Figures now"
        className="xl:grid-cols-6"
        cards={[
          figureCards.activeRentals(figures),
          figureCards.mrr(figures),
          figureCards.customers(figures),
          figureCards.collected(figures),
          figureCards.outstanding(figures),
          figureCards.failedPayments(figures),
        ]}
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <BarChart
          title="Revenue collected, last 12 months"
          summary={`${wholeDollars(total(collectedByMonth, (month) => month.collectedCents))} collected from paid invoices in 12 months; this month ${wholeDollars(figures.collectedThisMonth.collectedCents)}.`}
          series={['Collected']}
          format={wholeDollars}
          minStep={100}
          groups={collectedByMonth.map((month) => ({ label: monthLabel(month.month), values: [month.collectedCents] }))}
        />
        <LineChart
          title="Active rentals, last 12 months"
          summary={`Rentals running at each month's end. Now: ${count(figures.activeRentals)}.`}
          valueLabel="Active rentals"
          format={count}
          points={rentalsByMonth.map((month) => ({ label: monthLabel(month.month), value: month.activeRentals }))}
        />
        <LineChart
          title="Monthly recurring revenue, last 12 months"
          summary={`Recurring revenue of the rentals running at each month's end, a weekly rental's rent counted × 52 / 12. Now: ${wholeDollars(figures.mrrCents)} a month.`}
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
          title="New customers and leads per week, last 12 weeks"
          summary={`${plural(
            total(newCustomersByWeek, (week) => week.customers),
            'new customer',
            'new customers',
          )} (who paid) and ${plural(
            total(newCustomersByWeek, (week) => week.leads),
            'lead',
            'leads',
          )} (who never paid) in 12 weeks; this week ${count(last(newCustomersByWeek)?.customers ?? 0)} and ${count(last(newCustomersByWeek)?.leads ?? 0)}.`}
          series={['Customers', 'Leads']}
          format={count}
          groups={newCustomersByWeek.map((week) => ({
            label: weekLabel(week.weekStart),
            values: [week.customers, week.leads],
          }))}
        />
        <BarChart
          title="Fees billed vs collected, last 12 months"
          summary={`Billed ${wholeDollars(total(feesByMonth, (month) => month.billedCents))} and collected ${wholeDollars(total(feesByMonth, (month) => month.collectedCents))} in 12 months.`}
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
