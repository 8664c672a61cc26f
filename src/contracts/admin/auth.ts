import { z } from 'zod';
import { secondFactorCode } from './two-factor';

/** POST /api/admin/login: spec section 5's messages. */
export const adminLoginInput = z.object({
  username: z.string({ message: 'Username is required' }).trim().min(1, 'Username is required').max(100),
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type AdminLoginInput = z.infer<typeof adminLoginInput>;

/**
 * A signed-in admin; or, when the admin has two-factor sign-in on, `codeRequired` and no session yet: the code goes
 * to POST /api/admin/login/code within 5 minutes, from the same browser (ADR 031).
 */
export const adminLoginResult = z.object({ username: z.string(), codeRequired: z.literal(true).optional() });
export type AdminLoginResult = z.infer<typeof adminLoginResult>;

/** POST /api/admin/login/code: the second step of a sign-in with two-factor on. */
export const adminLoginCodeInput = z.object({ code: secondFactorCode });
export type AdminLoginCodeInput = z.infer<typeof adminLoginCodeInput>;

/** GET /api/admin/login: what the sign-in page may show. The demo credentials exist only outside production. */
export const adminLoginInfo = z.object({
  demoCredentials: z.object({ username: z.string(), password: z.string() }).nullable(),
});
export type AdminLoginInfo = z.infer<typeof adminLoginInfo>;

/** The one message for every failed sign-in: it never tells which of the two was wrong. */
export const adminLoginFailedMessage = 'Invalid username or password';
