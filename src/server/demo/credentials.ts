import { eq } from 'drizzle-orm';
import type { Config } from '@/server/platform/config';
import type { Db } from '@/server/platform/db/client';
import { adminUsers } from '@/server/platform/db/schema';

/** The demo's owner account: seeded outside production only (demo/seed.ts). */
export const DEMO_ADMIN = { username: 'admin', password: 'coolrent-demo' } as const;

/** The demo hint: only outside production, and only while the demo admin exists to sign in with. */
export async function demoCredentials(db: Db, config: Config): Promise<{ username: string; password: string } | null> {
  if (config.isProduction) return null;
  const [demo] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(eq(adminUsers.username, DEMO_ADMIN.username));
  return demo ? { ...DEMO_ADMIN } : null;
}
