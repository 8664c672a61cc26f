import { adminRoleLabels } from '@/contracts/admin/team';
import { useAdminMe } from './me-api';

/** The header's "who am I": the username and role, so a shared office computer shows whose session it is. */
export function SignedInAs() {
  const me = useAdminMe();
  if (!me.data) return null;
  return (
    <p className="hidden text-sm text-muted-foreground sm:block">
      Signed in as <span className="font-medium text-foreground">{me.data.username}</span> ·{' '}
      {adminRoleLabels[me.data.role]}
    </p>
  );
}
