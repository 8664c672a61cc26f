import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '@/contracts/admin/common';
import { DataTable, type Column } from './data-table';
import { Pagination } from './pagination';
import { QueryState } from './query-state';

export interface Paging {
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}

/** One page of a server-paged list as a table: loading, error, the rows (or "none"), and previous / next. */
export function PagedTable<T extends { id: string }>({
  query,
  columns,
  empty,
  noun,
  what = noun,
  paging,
  children,
}: {
  query: UseQueryResult<Page<T>>;
  columns: readonly Column[];
  empty: string;
  /** What the rows are, plural ("orders"): names the page navigation. */
  noun: string;
  /** What the list is called in its loading and error messages ("e-mail activity"): the noun unless said. */
  what?: string;
  paging: Paging;
  children: (row: T) => ReactNode;
}) {
  return (
    <QueryState
      query={query}
      loadingLabel={`Loading ${what}...`}
      errorTitle={`${what.charAt(0).toUpperCase()}${what.slice(1)} could not load`}
    >
      {(data) => (
        <>
          <DataTable columns={columns} rows={data.items} empty={empty} busy={query.isFetching}>
            {children}
          </DataTable>
          <Pagination {...paging} total={data.total} noun={noun} />
        </>
      )}
    </QueryState>
  );
}
