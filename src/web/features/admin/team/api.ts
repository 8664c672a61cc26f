import { useQuery } from '@tanstack/react-query';
import type {
  ChangeOwnPasswordInput,
  NewTeamMemberInput,
  TeamList,
  TeamMember,
  TeamMemberUpdate,
} from '@/contracts/admin/team';
import { adminRoleLabels } from '@/contracts/admin/team';
import { adminKeys, adminRequest, adminResource, saved, useAdminMutation, type MutationCallbacks } from '../api';

const teamPath = '/api/admin/team';
const team = adminResource(adminKeys.team, teamPath);

/** The team list: asked for only by the admin role (staff would get a 403). */
export function useTeam({ enabled }: { enabled: boolean }) {
  return useQuery({ ...team.all<TeamList>(), enabled });
}

export function useAddTeamMember(callbacks: MutationCallbacks<TeamMember, NewTeamMemberInput> = {}) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: (input: NewTeamMemberInput) => adminRequest<TeamMember>('POST', teamPath, input),
    success: (member) => saved(`${member.username} added as ${adminRoleLabels[member.role].toLowerCase()}`),
    invalidates: [adminKeys.team],
    errorFallback: 'The team member could not be added',
  });
}

/** Change a member's role, or disable / re-enable them (disabling signs them out everywhere at once). */
export function useUpdateTeamMember() {
  return useAdminMutation({
    mutationFn: ({ member, change }: { member: TeamMember; change: TeamMemberUpdate }) =>
      adminRequest<TeamMember>('PATCH', `${teamPath}/${member.id}`, change),
    success: (member, { change }) =>
      saved(
        change.disabled === undefined
          ? `${member.username} is now ${adminRoleLabels[member.role].toLowerCase()}`
          : `${member.username} ${member.disabledAt ? 'disabled and signed out' : 'enabled'}`,
      ),
    invalidates: [adminKeys.team],
    errorFallback: 'The team member could not be changed',
  });
}

export function useChangeOwnPassword(callbacks: MutationCallbacks<unknown, ChangeOwnPasswordInput> = {}) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: (input: ChangeOwnPasswordInput) => adminRequest('POST', '/api/admin/me/password', input),
    success: () => ({ title: 'Password changed', description: 'Your other signed-in sessions were signed out.' }),
    errorFallback: 'The password could not be changed',
  });
}
