import { z } from 'zod';

export const invalidWaitlistLink = 'This waitlist link is not valid.';

/**
 * A waitlist link's token (ADR 036): the entry's id and an HMAC of it for one purpose (the offer's checkout, or
 * leaving the line), "<uuid>.<key>". Checked on the server; the shape only keeps junk out.
 */
export const waitlistToken = z
  .string({ error: invalidWaitlistLink })
  .trim()
  .max(200, invalidWaitlistLink)
  .regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{20,100}$/, invalidWaitlistLink);
