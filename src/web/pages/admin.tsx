import { LogOut } from 'lucide-react';
import { Button } from '../components/ui/button';
import { PageSpinner } from '../components/ui/spinner';
import { LoadError } from '../components/load-error';
import { AdminLayout } from '../features/admin/admin-layout';
import { Dashboard } from '../features/admin/dashboard';
import { useAdminSession, useLogout } from '../features/admin/auth/api';
import { SignedInAs } from '../features/admin/signed-in-as';
import { LoginForm } from '../features/admin/auth/login-form';
import { useDocumentTitle } from '../lib/use-document-title';

/** /admin: the sign-in form, or the dashboard once signed in. The whole admin bundle loads only on this route. */
export default function AdminPage() {
  useDocumentTitle('Admin Dashboard');
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
        <Dashboard stats={stats.data} />
      ) : (
        <LoginForm />
      )}
    </AdminLayout>
  );
}
