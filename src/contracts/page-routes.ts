/**
 * Page routes the React app renders. The server answers these with the app's index (200) and anything else that
 * is not an API or asset path with the same index and a 404 status, so the not-found page is a real 404.
 */
export const pageRoutePatterns: readonly RegExp[] = [
  /^\/$/,
  /^\/catalog$/,
  /^\/checkout$/,
  /^\/success$/,
  /^\/terms$/,
  /^\/monthly$/,
  /^\/weekly$/,
  /^\/contact$/,
  /^\/account-access$/,
  /^\/portal\/[^/]+$/,
  /^\/order\/[^/]+$/,
  /^\/auth\/link\/[^/]+$/,
  /^\/admin$/,
  /^\/admin\/route-sheet$/,
  /^\/pay\/[^/]+$/,
  /^\/waitlist\/leave$/,
];

export function isPageRoute(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return pageRoutePatterns.some((pattern) => pattern.test(trimmed));
}
