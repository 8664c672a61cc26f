import { FilterInput } from './filter-input';

interface DateBox {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
}

/** Two date boxes that filter a list to a span of days; the second takes no day before the first. */
export function DateRangeFilter({ from, to }: { from: DateBox; to: DateBox }) {
  return (
    <>
      <FilterInput type="date" {...from} />
      <FilterInput type="date" min={from.value || undefined} {...to} />
    </>
  );
}
