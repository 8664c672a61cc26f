import { formatCents } from '@/contracts/money';
import { LoadError } from '@/web/components/load-error';
import { Spinner } from '@/web/components/ui/spinner';
import { useUnitModels } from './api';
import { tierDetails } from './tier-details';

/** Each unit model's weekly price (the weekly page; weekly rentals are booked by phone). */
export function WeeklyPriceList() {
  const { data: models, isLoading, isError, refetch, isFetching } = useUnitModels();
  if (isLoading) return <Spinner label="Loading prices..." />;
  if (isError) {
    return (
      <LoadError
        title="We couldn't load weekly prices"
        message="Please try again, or call us for a quote."
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }
  if (!models?.length) return <p className="text-muted-foreground">Please call us for weekly prices.</p>;
  return (
    <ul className="divide-y rounded-xl border bg-card">
      {models.map((model) => (
        <li key={model.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
          <span>
            <span className="block font-semibold">{model.name}</span>
            <span className="text-sm text-muted-foreground">{tierDetails(model).roomSize}</span>
          </span>
          <span className="text-lg font-bold">{formatCents(model.weeklyPrice, { wholeDollars: true })}/week</span>
        </li>
      ))}
    </ul>
  );
}
