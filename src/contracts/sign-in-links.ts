import { z } from 'zod';
import { customerEmail } from './checkout';

export { freshLinkSentMessage, loginLinkUsedMessage, signInLinkSentMessage } from './sign-in-messages';

/**
 * The ways back into the portal on a new device (a phone's mail app): ask for a sign-in e-mail, and the one-time
 * link that e-mail (or the confirmation) carries. The answers never say whether an address is a customer's.
 */

/** POST /api/portal/sign-in-link: the e-mail to send a link to, and the order the page was opened for. */
export const signInLinkInput = z.object({
  email: customerEmail,
  orderId: z.string().max(64).optional(),
});
export type SignInLinkInput = z.input<typeof signInLinkInput>;

export const signInLinkResult = z.object({ message: z.string() });

/** GET /api/portal/session: whether this browser has a customer session (never which orders exist). */
export const customerSessionState = z.object({ signedIn: z.boolean() });
export type CustomerSessionState = z.infer<typeof customerSessionState>;

export const loginLinkParams = z.object({ token: z.string().min(1).max(200) });

/** POST /api/auth/link/:token: the link is used up, this browser signed in, and the rental to open. */
export const loginLinkResult = z.object({ orderId: z.uuid() });
