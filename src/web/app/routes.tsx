import { lazy, Suspense, use, useState, type ComponentType, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { PageSpinner } from '../components/ui/spinner';
import { currentLocale, hasCatalogs, loadCatalogs } from '../i18n';
import { HydratedProvider } from '../lib/use-hydrated';
import { HomePage } from '../pages/home';

// `/` is in the main chunk; every other page is its own chunk, so the home page loads only what it renders
// (ADR 027, addendum). The money path, the portal and the admin dashboard never reach the public pages.
const pageLoaders = {
  '/catalog': () => import('../pages/catalog').then((page) => page.CatalogPage),
  '/terms': () => import('../pages/terms').then((page) => page.TermsPage),
  '/monthly': () => import('../pages/monthly').then((page) => page.MonthlyRentalsPage),
  '/weekly': () => import('../pages/weekly').then((page) => page.WeeklyRentalsPage),
  '/contact': () => import('../pages/contact').then((page) => page.ContactPage),
  '/checkout': () => import('../pages/checkout').then((page) => page.default),
  '/success': () => import('../pages/success').then((page) => page.default),
  '/account-access': () => import('../pages/account-access').then((page) => page.default),
  '/portal/:orderId': () => import('../pages/portal').then((page) => page.default),
  '/order/:orderId': () => import('../pages/order-link').then((page) => page.default),
  '/auth/link/:token': () => import('../pages/login-link').then((page) => page.default),
  '/admin': () => import('../pages/admin').then((page) => page.default),
  '/pay/:sessionId': () => import('../pages/pay').then((page) => page.default),
  '/waitlist/leave': () => import('../pages/waitlist-leave').then((page) => page.default),
} satisfies Record<string, () => Promise<ComponentType>>;
const loadNotFound = () => import('../pages/not-found').then((page) => page.NotFoundPage);

const lazyPage = (load: () => Promise<ComponentType>) =>
  lazy(() => load().then((component) => ({ default: component })));
type PagePath = keyof typeof pageLoaders;
const Page = {} as Record<PagePath, ComponentType>;
for (const [path, load] of Object.entries(pageLoaders)) Page[path as PagePath] = lazyPage(load);
/** Each page's route, in the order above (no two of their patterns match the same path). */
const pagePaths = Object.keys(pageLoaders) as PagePath[];
const NotFoundPage = lazyPage(loadNotFound);

/** Starts loading the page at `path` (a prerendered page's chunk, fetched before it hydrates). */
export function preloadPage(path: string): Promise<unknown> {
  return pageLoaders[path as PagePath]?.() ?? Promise.resolve();
}

/**
 * A prerendered page arrives with only its own messages: before the first other page shows, the language's
 * catalog is loaded (the page's spinner shows meanwhile).
 */
function WithCatalogAfterFirstPage({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const [first] = useState(location);
  const locale = currentLocale();
  if (location !== first && !hasCatalogs(locale)) use(loadCatalogs(locale));
  return children;
}

/**
 * `serverMarkup`: the page is the server's, or the browser hydrates it (`useHydrated`). The provider is inside the
 * Suspense boundary, so it turns true only once the page in it has hydrated: a change of context reaching a boundary
 * still to hydrate was lost to the components in it (the checkout's submit button stayed disabled).
 */
export function AppRoutes({ serverMarkup }: { serverMarkup?: boolean }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <HydratedProvider serverMarkup={serverMarkup}>
        <WithCatalogAfterFirstPage>
          <Switch>
            <Route path="/" component={HomePage} />
            {pagePaths.map((path) => (
              <Route key={path} path={path} component={Page[path]} />
            ))}
            <Route path="/admin/route-sheet" component={Page['/admin']} />
            <Route component={NotFoundPage} />
          </Switch>
        </WithCatalogAfterFirstPage>
      </HydratedProvider>
    </Suspense>
  );
}
