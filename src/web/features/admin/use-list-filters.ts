import { useState } from 'react';
import type { Paging } from './ui/paged-table';

/**
 * The filters and page of a server-paged list. `bind(key)` wires a filter control (FilterInput, FilterSelect) to
 * one filter; changing a filter goes back to page 1. `onChange` runs on every filter or page change (the inventory
 * drops its selection then); `paging` is what the list's pagination needs.
 */
export function useListFilters<F extends Record<string, string>>(
  initial: F,
  pageSize: number,
  onChange: () => void = () => {},
) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const bind = <K extends keyof F & string>(key: K) => ({
    value: filters[key],
    onValueChange: (value: string) => {
      setFilters((current) => ({ ...current, [key]: value }));
      setPage(1);
      onChange();
    },
  });
  const paging: Paging = {
    page,
    pageSize,
    onPageChange: (next) => {
      setPage(next);
      onChange();
    },
  };
  return { filters, bind, page, pageSize, paging };
}
