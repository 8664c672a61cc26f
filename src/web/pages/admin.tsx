import { LogOut } from 'lucide-react';
import { useLocation, useRoute, useSearchParams } from 'wouter';
import { Button } from '../components/ui/button';
import { PageSpinner } from '../components/ui/spinner';
import { LoadError } from '../components/load-error';
import { AdminLayout } from '../features/admin/admin-layout';
import { Dashboard } from '../features/admin/dashboard';
import { useAdminSession, useLogout } from '../features/admin/auth/api';
import { SignedInAs } from '../features/admin/signed-in-as';
import { LoginForm } from '../features/admin/auth/login-form';
import { RouteSheetView } from '../features/admin/route-sheet/route-sheet';
import { todayInLosAngeles } from '@/contracts/dates';
import { useDocumentTitle } from '../lib/use-document-title';
import { useServerToday } from '../lib/server-today';

/**
 * The day a route sheet is for: ?date=, else today in Los Angeles on the app's clock (GET /api/today: the demo's
 * billing clock may run ahead of this machine's), this machine's only if the server cannot say; undefined until
 * then.
 */
function useRouteSheetDate(): [string | undefined, (date: string) => void] {
  const [searchParams] = useSearchParams();
  const [, navigate] = useLocation();
  const serverToday = useServerToday();
  const today = serverToday.data ?? (serverToday.isError ? todayInLosAngeles() : undefined);
  const date = searchParams.get('date')?.slice(0, 20) ?? today;
  return [date, (next) => navigate(`/admin/route-sheet?date=${encodeURIComponent(next)}`)];
}

/** /admin/route-sheet once signed in: its own component, so the server's today is asked afresh each time it opens. */
function RouteSheetPage() {
  const [date, setDate] = useRouteSheetDate();
  return date === undefined ? (
    <PageSpinner label="Loading the route sheet..." />
  ) : (
    <RouteSheetView date={date} onDateChange={setDate} />
  );
}

/**
 * /admin: the sign-in form, or the dashboard once signed in; /admin/route-sheet: a day's printable route sheet
 * behind the same sign-in. The whole admin bundle loads only on these routes.
 */
export default function AdminPage() {
  const [isRouteSheet] = useRoute('/admin/route-sheet');
  useDocumentTitle(isRouteSheet ? 'Route Sheet' : 'Admin Dashboard');
  const { stats, endSession } = useAdminSession();
  const logout = useLogout(endSession);

  const signedIn = Boolean(stats.data);
  return (
    <AdminLayout
      actions={
        signedIn && (
          <div className="flex items-center gap-3">
            <SignedInAs />
            <Button variant="outline" onClick={() => logout.mutate()} disabled={logout.isPending}>
              <LogOut aria-hidden="true" />
              Sign Out
            </Button>
          </div>
        )
      }
    >
      {stats.isPending ? (
        <PageSpinner label="Loading the dashboard..." />
      ) : stats.isError ? (
        <LoadError
          title="The dashboard could not load"
          message={stats.error.message}
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : stats.data ? (
        isRouteSheet ? (
          <RouteSheetPage />
        ) : (
          <Dashboard stats={stats.data} />
        )
      ) : (
        <LoginForm />
      )}
    </AdminLayout>
  );
}
