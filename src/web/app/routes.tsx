import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageSpinner } from '../components/ui/spinner';
import { CatalogPage } from '../pages/catalog';
import { HomePage } from '../pages/home';
import { MonthlyRentalsPage } from '../pages/monthly';
import { NotFoundPage } from '../pages/not-found';
import { TermsPage } from '../pages/terms';
import { WeeklyRentalsPage } from '../pages/weekly';

// The money path, the portal and the admin dashboard are split off: the public pages never download them.
const CheckoutPage = lazy(() => import('../pages/checkout'));
const SuccessPage = lazy(() => import('../pages/success'));
const PortalPage = lazy(() => import('../pages/portal'));
const AccountAccessPage = lazy(() => import('../pages/account-access'));
const LoginLinkPage = lazy(() => import('../pages/login-link'));
const AdminPage = lazy(() => import('../pages/admin'));
const PayPage = lazy(() => import('../pages/pay'));
// The contact form (its validation and form code) is not needed by the pages most visitors see.
const ContactPage = lazy(() => import('../pages/contact').then((page) => ({ default: page.ContactPage })));

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/catalog" component={CatalogPage} />
        <Route path="/terms" component={TermsPage} />
        <Route path="/monthly" component={MonthlyRentalsPage} />
        <Route path="/weekly" component={WeeklyRentalsPage} />
        <Route path="/contact" component={ContactPage} />
        <Route path="/checkout" component={CheckoutPage} />
        <Route path="/success" component={SuccessPage} />
        <Route path="/account-access" component={AccountAccessPage} />
        <Route path="/portal/:orderId" component={PortalPage} />
        <Route path="/auth/link/:token" component={LoginLinkPage} />
        <Route path="/admin" component={AdminPage} />
        <Route path="/admin/route-sheet" component={AdminPage} />
        <Route path="/pay/:sessionId" component={PayPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
