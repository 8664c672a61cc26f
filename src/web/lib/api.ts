/**
 * The one way the browser talks to the API (spec section 7): credentials always sent, JSON body only when one is
 * given, and any non-ok response raised as an ApiError whose text is "status: body" while `message` keeps the
 * server's own words for toasts.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
    readonly bodyText = '',
    /** The server's machine-readable reason, when it gives one (contracts/errors.ts). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  override toString(): string {
    return `${this.status}: ${this.bodyText || this.message}`;
  }
}

type Fetch = (url: string, init: RequestInit) => Promise<Response>;
let send: Fetch = (url, init) => fetch(url, init);

/** The server's page renderer (src/web/entry-server.tsx) answers the pages' requests in its own process. */
export function sendApiRequestsThrough(fetcher: Fetch): void {
  send = fetcher;
}

/**
 * Each request starts in a task of its own. Starting one is work on the browser's main thread (more under DevTools
 * or Lighthouse, which record its stack), and a page's components start theirs from their effects, while React
 * commits them: in hydration's longest task, on a prerendered page (ADR 027, addendum on Intl and requests).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  await nextTask();
  const response = await send(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    let message = text || response.statusText;
    let fieldErrors: Record<string, string> = {};
    let code: string | undefined;
    try {
      const parsed = JSON.parse(text) as { message?: string; fieldErrors?: Record<string, string>; code?: string };
      message = parsed.message ?? message;
      fieldErrors = parsed.fieldErrors ?? {};
      code = parsed.code;
    } catch {
      // Not JSON: keep the raw text.
    }
    throw new ApiError(response.status, message, fieldErrors, text, code);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}
