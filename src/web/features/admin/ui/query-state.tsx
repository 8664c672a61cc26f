import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/web/components/load-error';
import { Spinner } from '@/web/components/ui/spinner';

/** A query's three faces: a spinner while it loads, the error with a retry, then whatever its data render to. */
export function QueryState<T>({
  query,
  loadingLabel,
  errorTitle,
  spinnerClassName = 'py-10',
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  errorTitle: string;
  spinnerClassName?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loadingLabel} className={spinnerClassName} />;
  if (query.isError) {
    return <LoadError title={errorTitle} message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  return children(query.data);
}
