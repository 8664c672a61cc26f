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

/** The day a route sheet is for: ?date=, else today (in Los Angeles). */
function useRouteSheetDate(): [string, (date: string) => void] {
  const [searchParams] = useSearchParams();
  const [, navigate] = useLocation();
  const date = searchParams.get('date')?.slice(0, 20) ?? todayInLosAngeles();
  return [date, (next) => navigate(`/admin/route-sheet?date=${encodeURIComponent(next)}`)];
}

/**
 * /admin: the sign-in form, or the dashboard once signed in; /admin/route-sheet: a day's printable route sheet
 * behind the same sign-in. The whole admin bundle loads only on these routes.
 */
export default function AdminPage() {
  const [isRouteSheet] = useRoute('/admin/route-sheet');
  const [routeSheetDate, setRouteSheetDate] = useRouteSheetDate();
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
          <RouteSheetView date={routeSheetDate} onDateChange={setRouteSheetDate} />
        ) : (
          <Dashboard stats={stats.data} />
        )
      ) : (
        <LoginForm />
      )}
    </AdminLayout>
  );
}
