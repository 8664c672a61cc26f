import { apiRequest, ApiError } from '@/web/lib/api';

/**
 * Admin calls: the shared apiRequest plus query strings, and one reaction to a lapsed session (any 401 sends the
 * page back to the sign-in form; see session.ts).
 */
let onSessionLost: (() => void) | null = null;

export function setSessionLostHandler(handler: (() => void) | null): void {
  onSessionLost = handler;
}

export function withQuery(path: string, params: Record<string, string | number | undefined> = {}): string {
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

export const adminGet = <T>(path: string, params?: Record<string, string | number | undefined>) =>
  adminRequest<T>('GET', withQuery(path, params));

/** Query keys: the first part is the API path, so invalidating a path refreshes its list and its details. */
export const adminKeys = {
  stats: ['/api/admin/stats'] as const,
  customers: ['/api/admin/customers'] as const,
  orders: ['/api/admin/orders'] as const,
  orderList: ['/api/admin/orders/filtered'] as const,
  fees: ['/api/admin/additional-fees'] as const,
  templates: ['/api/admin/email-templates'] as const,
  emailLogs: ['/api/admin/email-logs'] as const,
  units: ['/api/admin/units'] as const,
  unitModels: ['/api/admin/unit-models'] as const,
  analytics: ['/api/admin/analytics'] as const,
};

/** The message to show for a failed action: the server's words, or a fallback when there are none. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
