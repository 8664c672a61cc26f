import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  adminRoleRequiredMessage,
  teamMessages,
  type NewTeamMemberInput,
  type TeamMember,
  type TeamMemberUpdate,
} from '@/contracts/admin/team';
import { adminAudit, recordAudit } from '@/server/platform/audit-log';
import type { Db } from '@/server/platform/db/client';
import { isUniqueViolation } from '@/server/platform/db/errors';
import { adminUsers } from '@/server/platform/db/schema';
import { Conflict, Forbidden, Invalid, NotFound } from '@/server/platform/errors';
import { hashPassword } from '@/server/platform/lib/password';
import { endSessionsOf, roleOf } from '@/server/platform/auth/staff-sessions';

/**
 * The team (ADR 019): admins and staff are added, re-roled, disabled and re-enabled, never deleted (fees, e-mails
 * and the audit log name them). Every change is audited with entity type `admin_user`.
 */

const memberColumns = {
  id: adminUsers.id,
  username: adminUsers.username,
  email: adminUsers.email,
  role: adminUsers.role,
  disabledAt: adminUsers.disabledAt,
  createdAt: adminUsers.createdAt,
};

type MemberRow = { role: string; disabledAt: Date | null; createdAt: Date } & Omit<
  TeamMember,
  'role' | 'disabledAt' | 'createdAt'
>;
const toMember = (row: MemberRow): TeamMember => ({
  ...row,
  role: roleOf(row.role),
  disabledAt: row.disabledAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const auditOf = (actorId: string, action: string, targetId: string, details?: Record<string, unknown>) =>
  adminAudit(actorId, action, 'admin_user', targetId, details);

/** A team is a handful of people: the whole list, oldest first (the owner at the top). */
export async function listTeam(db: Db): Promise<TeamMember[]> {
  const rows = await db.select(memberColumns).from(adminUsers).orderBy(asc(adminUsers.createdAt), asc(adminUsers.id));
  return rows.map(toMember);
}

const usernameTaken = () => new Invalid(teamMessages.usernameTaken, { username: teamMessages.usernameTaken });
const emailTaken = () => new Invalid(teamMessages.emailTaken, { email: teamMessages.emailTaken });

/** Refuses a username (any case: sign-in matches exactly, so names differing only in case would be look-alikes) or
 * an e-mail address already on the team, disabled members included. */
async function refuseTaken(db: Db, input: NewTeamMemberInput): Promise<void> {
  const [sameName] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(sql`lower(${adminUsers.username}) = lower(${input.username})`);
  if (sameName) throw usernameTaken();
  const [sameEmail] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(sql`lower(${adminUsers.email}) = lower(${input.email})`);
  if (sameEmail) throw emailTaken();
}

export async function addTeamMember(db: Db, actorId: string, input: NewTeamMemberInput): Promise<TeamMember> {
  await refuseTaken(db, input);
  const password = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(adminUsers)
        .values({ username: input.username, email: input.email, role: input.role, password })
        .returning(memberColumns);
      await recordAudit(tx, auditOf(actorId, 'admin_user.created', row!.id, { role: input.role }));
      return toMember(row!);
    });
  } catch (error) {
    // Two owners adding the same person at once: the unique constraint decides; the row now exists to name.
    if (!isUniqueViolation(error)) throw error;
    await refuseTaken(db, input);
    throw usernameTaken();
  }
}

/**
 * Changes a member's role and/or access. Under one lock for all such changes (two admins disabling each other at
 * once cannot both succeed), the actor must still be an enabled admin, the last enabled admin is never disabled or
 * demoted, and nobody disables or demotes themselves (another admin must, so the team never locks itself out by a
 * slip). Disabling ends the member's sessions at once.
 */
export async function updateTeamMember(
  db: Db,
  actorId: string,
  targetId: string,
  input: TeamMemberUpdate,
  now: Date,
): Promise<TeamMember> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727005)`);
    const [actor] = await tx
      .select({ role: adminUsers.role, disabledAt: adminUsers.disabledAt })
      .from(adminUsers)
      .where(eq(adminUsers.id, actorId));
    if (!actor || actor.disabledAt || roleOf(actor.role) !== 'admin') throw new Forbidden(adminRoleRequiredMessage);
    const [target] = await tx.select(memberColumns).from(adminUsers).where(eq(adminUsers.id, targetId));
    if (!target) throw new NotFound(teamMessages.notFound);

    const wasAdmin = roleOf(target.role) === 'admin';
    const wasEnabled = target.disabledAt === null;
    const demoting = wasAdmin && input.role === 'staff';
    const disabling = wasEnabled && input.disabled === true;
    if ((demoting || disabling) && wasAdmin && wasEnabled) {
      const [others] = await tx
        .select({ n: count() })
        .from(adminUsers)
        .where(and(eq(adminUsers.role, 'admin'), isNull(adminUsers.disabledAt), ne(adminUsers.id, targetId)));
      if ((others?.n ?? 0) === 0) throw new Conflict(teamMessages.lastAdmin);
    }
    if ((demoting || disabling) && targetId === actorId) throw new Conflict(teamMessages.notYourself);

    const role = input.role ?? roleOf(target.role);
    const disabledAt =
      input.disabled === undefined ? target.disabledAt : input.disabled ? (target.disabledAt ?? now) : null;
    const [row] = await tx
      .update(adminUsers)
      .set({ role, disabledAt })
      .where(eq(adminUsers.id, targetId))
      .returning(memberColumns);

    if (role !== roleOf(target.role)) {
      await recordAudit(tx, auditOf(actorId, 'admin_user.role_changed', targetId, { from: target.role, to: role }));
    }
    if (disabling) {
      await endSessionsOf(tx, targetId);
      await recordAudit(tx, auditOf(actorId, 'admin_user.disabled', targetId));
    }
    if (!wasEnabled && input.disabled === false)
      await recordAudit(tx, auditOf(actorId, 'admin_user.enabled', targetId));
    return toMember(row!);
  });
}
