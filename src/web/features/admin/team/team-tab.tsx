import { adminRoleLabels, adminRoles, type AdminMe, type AdminRole, type TeamMember } from '@/contracts/admin/team';
import { Button } from '@/web/components/ui/button';
import { Select, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { formatInstantDate } from '../format';
import { useAdminMe } from '../me-api';
import { ActionsCell, actionsColumn, DataTable } from '../ui/data-table';
import { EmailAddress } from '../ui/email-address';
import { SelectOptions } from '../ui/filter-select';
import { QueryState } from '../ui/query-state';
import { SectionCard } from '../ui/section-card';
import { StatusBadge } from '../ui/status-badge';
import { TableCell, TableRow } from '../ui/table';
import { AddMemberDialog } from './add-member-dialog';
import { useTeam, useUpdateTeamMember } from './api';
import { ChangePasswordCard } from './change-password-card';
import { TwoFactorCard } from './two-factor-card';

const roleOptions = adminRoles.map((role) => ({ value: role, label: adminRoleLabels[role] }));
// On a phone the e-mail and the status go under the username, so the role and the row's button stay on the screen.
const onWide = 'hidden md:table-cell';
const columns = [
  { label: 'Username' },
  { label: 'Email', className: onWide },
  { label: 'Role' },
  { label: 'Status', className: onWide },
  actionsColumn,
];

/** Everyone's own account; for the admin role, the team as well (staff never ask for it: the server says 403). */
export function TeamTab() {
  const me = useAdminMe();
  return (
    <QueryState query={me} loadingLabel="Loading your account..." errorTitle="Your account could not load">
      {(account) => (
        <div className="grid grid-cols-1 gap-6">
          <ChangePasswordCard me={account} />
          <TwoFactorCard />
          {account.role === 'admin' && <TeamCard me={account} />}
        </div>
      )}
    </QueryState>
  );
}

function TeamCard({ me }: { me: AdminMe }) {
  const team = useTeam({ enabled: me.role === 'admin' });
  const update = useUpdateTeamMember();
  return (
    <SectionCard
      title="Team"
      description="Disabled members cannot sign in and are signed out at once. Nobody is deleted: fees, e-mails and the history name them."
      action={<AddMemberDialog />}
      align="start"
    >
      <QueryState query={team} loadingLabel="Loading the team..." errorTitle="The team could not load">
        {({ items }) => (
          <DataTable columns={columns} rows={items} empty="Nobody yet.">
            {(member: TeamMember) => {
              const isMe = member.id === me.id;
              return (
                <TableRow>
                  <TableCell className="font-medium">
                    {/* On a phone the name, its e-mail and status share one narrow column, so the role and the
                        Disable button beside it stay on the screen however long a name or e-mail is. */}
                    <div className="max-w-28 [overflow-wrap:anywhere] md:max-w-none">
                      {member.username}
                      {isMe && <span className="ml-1 font-normal text-muted-foreground">(you)</span>}
                      <span className="block text-xs font-normal text-muted-foreground">
                        Added {formatInstantDate(member.createdAt)}
                      </span>
                      <span className="mt-1 flex flex-col items-start gap-1 font-normal md:hidden">
                        <EmailAddress email={member.email} />
                        <StatusBadge status={member.disabledAt ? 'disabled' : 'active'} />
                      </span>
                    </div>
                  </TableCell>
                  <TableCell className={onWide}>
                    <EmailAddress email={member.email} />
                  </TableCell>
                  <TableCell>
                    {isMe ? (
                      adminRoleLabels[member.role]
                    ) : (
                      <Select
                        value={member.role}
                        disabled={update.isPending}
                        onValueChange={(role) => update.mutate({ member, change: { role: role as AdminRole } })}
                      >
                        <SelectTrigger aria-label={`Role of ${member.username}`} className="w-22">
                          <SelectValue />
                        </SelectTrigger>
                        <SelectOptions options={roleOptions} />
                      </Select>
                    )}
                  </TableCell>
                  <TableCell className={onWide}>
                    <StatusBadge status={member.disabledAt ? 'disabled' : 'active'} />
                  </TableCell>
                  <ActionsCell>
                    {!isMe && (
                      <Button
                        size="sm"
                        variant={member.disabledAt ? 'outline' : 'ghost'}
                        className={member.disabledAt ? undefined : 'text-destructive'}
                        disabled={update.isPending}
                        aria-label={`${member.disabledAt ? 'Enable' : 'Disable'} ${member.username}`}
                        onClick={() => update.mutate({ member, change: { disabled: !member.disabledAt } })}
                      >
                        {member.disabledAt ? 'Enable' : 'Disable'}
                      </Button>
                    )}
                  </ActionsCell>
                </TableRow>
              );
            }}
          </DataTable>
        )}
      </QueryState>
    </SectionCard>
  );
}
