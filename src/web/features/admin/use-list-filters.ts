import { useState } from 'react';
import type { Paging } from './ui/paged-table';

/**
 * The filters and page of a server-paged list: changing a filter goes back to page 1 (and calls `onChange`, which
 * the inventory uses to drop its selection); `paging` is what the list's pagination needs.
 */
export function useListFilters<F extends Record<string, string>>(
  initial: F,
  pageSize: number,
  onChange: () => void = () => {},
) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const setFilter =
    <K extends keyof F>(key: K) =>
    (value: F[K]) => {
      setFilters((current) => ({ ...current, [key]: value }));
      setPage(1);
      onChange();
    };
  const paging: Paging = {
    page,
    pageSize,
    onPageChange: (next) => {
      setPage(next);
      onChange();
    },
  };
  return { filters, setFilter, page, pageSize, paging };
}
