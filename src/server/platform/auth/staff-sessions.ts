import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { AdminRole } from '@/contracts/admin/team';
import type { Db } from '@/server/platform/db/client';
import { adminSessions, adminUsers } from '@/server/platform/db/schema';
import { sessionClock } from '@/server/platform/clock';

export const ADMIN_SESSION_COOKIE = 'cr_admin';
/** The cookie goes only to the admin API: public pages and the customer portal never carry it. */
export const ADMIN_COOKIE_PATH = '/api/admin';
/** Signed out after two idle hours, and twelve hours after sign-in whatever happens. */
export const ADMIN_IDLE_TIMEOUT_MS = 2 * 3_600_000;
export const ADMIN_ABSOLUTE_TIMEOUT_MS = 12 * 3_600_000;
/** lastSeenAt is written at most once a minute per session, not on every request. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

export interface AdminIdentity {
  sessionId: string;
  adminUserId: string;
  username: string;
  role: AdminRole;
}

/** A role the code does not know (none is written today) gets the least: staff. */
export const roleOf = (stored: string): AdminRole => (stored === 'admin' ? 'admin' : 'staff');

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new random token for a new session row (a fresh id on every sign-in); the table keeps only its hash. */
export async function startAdminSession(db: Db, adminUserId: string): Promise<{ token: string; expiresAt: Date }> {
  const now = sessionClock.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ADMIN_ABSOLUTE_TIMEOUT_MS);
  // Sweep this admin's dead sessions while we are here, so the table does not grow without bound.
  await db
    .delete(adminSessions)
    .where(
      and(
        eq(adminSessions.adminUserId, adminUserId),
        or(
          lt(adminSessions.expiresAt, now),
          lt(adminSessions.lastSeenAt, new Date(now.getTime() - ADMIN_IDLE_TIMEOUT_MS)),
        ),
      ),
    );
  await db.insert(adminSessions).values({ adminUserId, token: hashToken(token), lastSeenAt: now, expiresAt });
  return { token, expiresAt };
}

/** findAdminSession's statement, built once per database (a named statement on node-postgres). */
function adminSessionStatement(db: Db) {
  return db
    .select({
      sessionId: adminSessions.id,
      adminUserId: adminSessions.adminUserId,
      username: adminUsers.username,
      role: adminUsers.role,
      lastSeenAt: adminSessions.lastSeenAt,
    })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.adminUserId))
    .where(
      and(
        eq(adminSessions.token, sql.placeholder('tokenHash')),
        gt(adminSessions.expiresAt, sql.placeholder('now')),
        gt(adminSessions.lastSeenAt, sql.placeholder('idleSince')),
        isNull(adminUsers.disabledAt),
      ),
    )
    .prepare('admin_session');
}
const sessionStatements = new WeakMap<Db, ReturnType<typeof adminSessionStatement>>();

/**
 * When this process last moved each session's lastSeenAt forward. The requests in flight when a session's minute
 * passes all read the old time; only the first of them writes (the others would write the same minute again, a
 * burst of updates in PGlite's one queue). A session is written again once a minute has passed since.
 */
const touchedAt = new Map<string, number>();

function needsTouch(sessionId: string, lastSeenAt: Date, now: Date): boolean {
  const at = now.getTime();
  if (at - lastSeenAt.getTime() <= LAST_SEEN_RESOLUTION_MS) return false;
  const touched = touchedAt.get(sessionId);
  if (touched !== undefined && touched > lastSeenAt.getTime() && at - touched <= LAST_SEEN_RESOLUTION_MS) {
    return false;
  }
  // Bounded: sessions are few; forgetting them all costs at most one extra write each.
  if (touchedAt.size >= 10_000) touchedAt.clear();
  touchedAt.set(sessionId, at);
  return true;
}

/**
 * The admin signed in with this cookie token, or null: unknown, idle too long, expired and disabled all look the
 * same. The role is read here on every request, so a change of role applies to sessions already open.
 */
export async function findAdminSession(db: Db, token: string | undefined): Promise<AdminIdentity | null> {
  if (!token) return null;
  const now = sessionClock.now();
  let statement = sessionStatements.get(db);
  if (!statement) sessionStatements.set(db, (statement = adminSessionStatement(db)));
  const [session] = await statement.execute({
    tokenHash: hashToken(token),
    now,
    idleSince: new Date(now.getTime() - ADMIN_IDLE_TIMEOUT_MS),
  });
  if (!session) return null;
  if (needsTouch(session.sessionId, session.lastSeenAt, now)) {
    await db.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.id, session.sessionId));
  }
  return {
    sessionId: session.sessionId,
    adminUserId: session.adminUserId,
    username: session.username,
    role: roleOf(session.role),
  };
}

export async function endAdminSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.delete(adminSessions).where(eq(adminSessions.token, hashToken(token)));
}

/** Ends every session of an admin (disabled), or every one but the session it is using (its password changed). */
export async function endSessionsOf(db: Db, adminUserId: string, except?: string): Promise<void> {
  await db
    .delete(adminSessions)
    .where(and(eq(adminSessions.adminUserId, adminUserId), except ? ne(adminSessions.id, except) : undefined));
}
