import { useMutation } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Button } from '../components/ui/button';
import { PageSpinner } from '../components/ui/spinner';
import { toast } from '../components/ui/use-toast';
import { LoadError } from '../components/load-error';
import { AdminLayout } from '../features/admin/admin-layout';
import { Dashboard } from '../features/admin/dashboard';
import { LoginForm } from '../features/admin/login-form';
import { useAdminSession } from '../features/admin/session';
import { apiRequest } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';

/** /admin: the sign-in form, or the dashboard once signed in. The whole admin bundle loads only on this route. */
export default function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  const { stats, endSession } = useAdminSession();
  const logout = useMutation({
    mutationFn: () => apiRequest('POST', '/api/admin/logout'),
    // Signed out locally whatever the server said (an expired session is signed out already).
    onSettled: () => {
      endSession();
      toast({ title: 'Logged Out', description: 'You have been logged out successfully' });
    },
  });

  const signedIn = Boolean(stats.data);
  return (
    <AdminLayout
      actions={
        signedIn && (
          <Button variant="outline" onClick={() => logout.mutate()} disabled={logout.isPending}>
            <LogOut aria-hidden="true" />
            Sign Out
          </Button>
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
