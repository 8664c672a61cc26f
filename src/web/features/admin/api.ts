import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type MutationKey,
  type QueryKey,
} from '@tanstack/react-query';
import { toast, type ToastInput } from '@/web/components/ui/use-toast';
import { apiRequest, ApiError } from '@/web/lib/api';

/**
 * What every admin sub-feature's api.ts builds on: the shared apiRequest plus query strings, one reaction to a
 * lapsed session (any 401 sends the page back to the sign-in form; see auth/api.ts), the query-key roots that
 * changes in one tab make stale in another, and one mutation shape (toast, invalidate) for every admin action.
 */
let onSessionLost: (() => void) | null = null;

export function setSessionLostHandler(handler: (() => void) | null): void {
  onSessionLost = handler;
}

type QueryParams = Record<string, string | number | undefined>;

function withQuery(path: string, params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '' && value !== 'all') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export async function adminRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  try {
    return await apiRequest<T>(method, url, body);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) onSessionLost?.();
    throw error;
  }
}

/**
 * The address of a CSV export with a list's current filters. It is followed as a plain link: the browser streams
 * the download to disk (the server writes it in batches), and the session cookie goes with it like any admin call.
 */
export const csvExportUrl = (path: string, filters: QueryParams) => withQuery(path, filters);

const adminGet = <T>(path: string, params?: QueryParams) => adminRequest<T>('GET', withQuery(path, params));

/**
 * Query-key roots, one per kind of data. A sub-feature's keys start with its root, so invalidating a root refreshes
 * its lists and its details; they live here because a change in one tab (a fee paid) makes another's data stale.
 */
export const adminKeys = {
  stats: ['admin', 'stats'] as const,
  customers: ['admin', 'customers'] as const,
  orders: ['admin', 'orders'] as const,
  fees: ['admin', 'fees'] as const,
  templates: ['admin', 'email-templates'] as const,
  emailLogs: ['admin', 'email-logs'] as const,
  units: ['admin', 'units'] as const,
  unitModels: ['admin', 'unit-models'] as const,
  analytics: ['admin', 'analytics'] as const,
  me: ['admin', 'me'] as const,
  team: ['admin', 'team'] as const,
};

/**
 * The queries of one kind of admin data, all keyed under its root: `page` (one page of a server-paged list, the
 * last page kept on screen while the next loads), `one` (a record by id, fetched once there is an id) and `all`
 * (the whole of a small list, or a report).
 */
export function adminResource(root: QueryKey, path: string) {
  return {
    page: <T>(params: QueryParams, listPath = path) =>
      queryOptions({
        queryKey: [...root, 'page', params],
        queryFn: () => adminGet<T>(listPath, params),
        placeholderData: keepPreviousData,
      }),
    one: <T>(id: string | null) =>
      queryOptions({
        queryKey: [...root, 'one', id],
        queryFn: () => adminGet<T>(`${path}/${id}`),
        enabled: id !== null,
      }),
    all: <T>() => queryOptions({ queryKey: root, queryFn: () => adminGet<T>(path) }),
  };
}

/** The message to show for a failed action: the server's words, or a fallback when there are none. */
function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * What a component adds to an admin action (close its dialog, show field errors); runs before the toast. An onError
 * that answers 'shown' has put the message on screen itself (a "Book anyway" beside it): no toast repeats it.
 */
export interface MutationCallbacks<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: Error) => void | 'shown';
}

interface AdminMutationConfig<TData, TVariables> extends MutationCallbacks<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  mutationKey?: MutationKey;
  /** The query roots this action makes stale; the action stays pending until they are fetched again. */
  invalidates?: readonly QueryKey[];
  /** The toast once it is done (none when omitted). */
  success?: (data: TData, variables: TVariables) => ToastInput;
  /** The failure toast shows the server's message, or this when there is none. */
  errorFallback: string;
  errorTitle?: string;
}

/** An admin action: the caller's own reaction, then a toast, then the stale lists refetched. */
export function useAdminMutation<TData = unknown, TVariables = void>({
  mutationFn,
  mutationKey,
  invalidates = [],
  success,
  errorFallback,
  errorTitle = 'Error',
  onSuccess,
  onError,
}: AdminMutationConfig<TData, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn,
    onSuccess: async (data, variables) => {
      onSuccess?.(data, variables);
      if (success) toast(success(data, variables));
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      if (onError?.(error) === 'shown') return;
      toast({ title: errorTitle, description: errorMessage(error, errorFallback), variant: 'destructive' });
    },
  });
}

/** "Saved" with what was saved: the success toast of most admin actions. */
export const saved = (description: string): ToastInput => ({ title: 'Saved', description });
