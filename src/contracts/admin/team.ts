import { z } from 'zod';

/**
 * The dashboard's roles (ADR 019): an admin may do everything; staff run the day-to-day (orders, deliveries,
 * customers, e-mails, stock) but cannot create, waive or settle fees, edit e-mail templates, delete units or
 * manage the team.
 */
export const adminRoles = ['admin', 'staff'] as const;
export const adminRole = z.enum(adminRoles, { message: 'Choose a role: admin or staff' });
export type AdminRole = z.infer<typeof adminRole>;
export const adminRoleLabels: Record<AdminRole, string> = { admin: 'Admin', staff: 'Staff' };

/** The one message a staff session gets from a route that needs the admin role. */
export const adminRoleRequiredMessage = 'Only an admin can do this. Ask an admin of your team.';

/**
 * A new or changed password: long enough to resist guessing without a rule about symbols. The Team tab, the Account
 * tab and `admin:reset-password` all check this one rule.
 */
export const MIN_PASSWORD_LENGTH = 12;
export const newAdminPassword = z
  .string({ message: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters');

/** GET /api/admin/me: who is signed in, so the dashboard can show it and hide what the role cannot do. */
export const adminMe = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  role: adminRole,
});
export type AdminMe = z.infer<typeof adminMe>;

/** POST /api/admin/me/password */
export const changeOwnPasswordInput = z
  .object({
    currentPassword: z
      .string({ message: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(200),
    newPassword: newAdminPassword,
    confirmPassword: z.string({ message: 'Confirm the new password' }).max(200),
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    message: 'The two new passwords do not match',
    path: ['confirmPassword'],
  })
  .refine((input) => input.newPassword !== input.currentPassword, {
    message: 'The new password must differ from the current one',
    path: ['newPassword'],
  });
export type ChangeOwnPasswordInput = z.infer<typeof changeOwnPasswordInput>;
export const currentPasswordWrongMessage = 'Current password is incorrect';

/** One member of the team as the Team tab lists them. */
export const teamMember = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  role: adminRole,
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMember>;
export const teamList = z.object({ items: z.array(teamMember) });
export type TeamList = z.infer<typeof teamList>;

/** POST /api/admin/team */
export const newTeamMemberInput = z.object({
  username: z
    .string({ message: 'Username is required' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(50, 'Username must be at most 50 characters')
    .regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, dots, dashes or underscores'),
  email: z.email({ message: 'Valid email address required' }).trim().max(255),
  role: adminRole,
  password: newAdminPassword,
});
export type NewTeamMemberInput = z.infer<typeof newTeamMemberInput>;

/** PATCH /api/admin/team/:id: change the role, or disable / re-enable (one at a time or both). */
export const teamMemberUpdate = z
  .object({ role: adminRole.optional(), disabled: z.boolean().optional() })
  .refine((input) => input.role !== undefined || input.disabled !== undefined, {
    message: 'Nothing to change: give a role or disabled',
  });
export type TeamMemberUpdate = z.infer<typeof teamMemberUpdate>;

export const teamMessages = {
  usernameTaken: 'An admin with that username already exists',
  emailTaken: 'An admin with that e-mail address already exists',
  notFound: 'Admin not found',
  notYourself: 'You cannot disable or demote yourself. Ask another admin.',
  lastAdmin: 'This is the last active admin: add or enable another admin first.',
} as const;
