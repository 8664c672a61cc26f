/**
 * What the sign-in pages and the API answer (contracts/sign-in-links.ts re-exports them). Kept apart from the
 * schemas so the translation catalogs can quote them without bringing zod into the public pages' JavaScript.
 */

/** The one answer to every sign-in e-mail request, known address or not. */
export const signInLinkSentMessage =
  "If that e-mail address is on a rental, we've sent it a sign-in link. It works once, for 7 days.";

/**
 * A used, expired or unknown link, in a browser not signed in as its customer: all said alike, and never as a dead
 * end ("expired"): the page offers a fresh link in one click (issue 33).
 */
export const loginLinkUsedMessage = 'Each sign-in link opens your rental once, on one device.';

/** POST /api/auth/link/:token/resend: the same answer whatever the token was. */
export const freshLinkSentMessage = "We've e-mailed a new sign-in link to the address on the rental.";
