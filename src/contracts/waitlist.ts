import { z } from 'zod';
import { customerEmail, zipCode } from './checkout';
import { waitlistToken } from './waitlist-token';

export { invalidWaitlistLink, waitlistToken } from './waitlist-token';

/**
 * The fair waitlist (issue 30, ADR 036). An out-of-stock model's line: first come, first offered, except where
 * the owner moved someone up for a stated reason. A unit that comes free is held for the first in line for the
 * owner's offer time, with a personal link; unused, it passes to the next.
 */

/** Where an entry stands. Only 'waiting' entries are in line; 'offered' ones hold a unit until their offer ends. */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'rented', 'lapsed', 'left', 'removed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** How long an offer holds its unit unless the owner sets otherwise, and the bounds of the owner's setting. */
export const DEFAULT_OFFER_HOURS = 12;
export const MIN_OFFER_HOURS = 1;
export const MAX_OFFER_HOURS = 72;

const modelChoice = z.uuid({ error: 'Please choose a unit model' });

/** POST /api/stock-alerts (the path the catalog's form has always used): join an out-of-stock model's line. */
export const waitlistJoinInput = z.object({
  email: customerEmail,
  modelId: modelChoice,
  zipCode,
  /** The spam trap, as on the contact form: answered as if kept, and dropped. */
  website: z.string().max(2000).optional(),
});
export type WaitlistJoinInput = z.input<typeof waitlistJoinInput>;

/** The answer: the e-mail's place in the model's line (the same place when it asks again). */
export const waitlistPlace = z.object({ position: z.int().positive(), message: z.string() });
export type WaitlistPlace = z.infer<typeof waitlistPlace>;

export const waitlistJoinedMessage = (position: number) =>
  position === 1
    ? "You're first in line. We'll e-mail you a link that holds a unit for you as soon as one is free."
    : `You're number ${position} in line. We'll e-mail you a link that holds a unit for you when it's your turn.`;

/** Joining again while a unit is held for this e-mail. */
export const offerAlreadyHeldMessage = 'A unit is already held for you: see the e-mail we sent you.';

/** Joining a model that can be rented right now: nothing is kept, the customer can check out. */
export const modelInStockMessage = 'This model is in stock: you can rent it now.';

/** GET /api/waitlist/offer?token=: what the checkout shows above the form when it was opened from an offer. */
export const waitlistOfferQuery = z.object({ token: waitlistToken });
export const waitlistOfferView = z.object({
  modelId: z.uuid(),
  modelName: z.string(),
  /** 'held': the unit is held for this link until `heldUntil`; 'ended': the offer ran out, was used or withdrawn. */
  state: z.enum(['held', 'ended']),
  heldUntil: z.iso.datetime().nullable(),
});
export type WaitlistOfferView = z.infer<typeof waitlistOfferView>;

/** The checkout refuses an offer link used with another e-mail than the one that joined the line. */
export const offerForAnotherEmail =
  'This waitlist offer is for the e-mail address that joined the line. Please check out with that address.';
export const offerEnded = 'This waitlist offer has ended. You can join the line again.';

/** GET /api/waitlist/entry?token= (the leave link's page) and POST /api/waitlist/leave { token }. */
export const waitlistLeaveQuery = z.object({ token: waitlistToken });
export const waitlistLeaveInput = z.object({ token: waitlistToken });
export const waitlistEntryView = z.object({
  modelName: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  /** The place in line while waiting, else null. */
  position: z.int().positive().nullable(),
});
export type WaitlistEntryView = z.infer<typeof waitlistEntryView>;
export const leftWaitlistMessage = "You've left the waitlist. We won't e-mail you about this model again.";

// ---- The owner's screens ----

/** GET /api/admin/waitlist: the lines, per model, filtered by model, area (the ZIP's city) and status. */
export const adminWaitlistQuery = z.object({
  modelId: z.preprocess((v) => (v === '' ? undefined : v), z.uuid({ error: 'Please choose a unit model' }).optional()),
  area: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(100).optional()),
  /** 'current' (default): waiting and offered; 'all' adds the entries that left the line, newest first. */
  show: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['current', 'all']).default('current')),
});
export type AdminWaitlistQuery = z.input<typeof adminWaitlistQuery>;

export const adminWaitlistEntry = z.object({
  id: z.uuid(),
  modelId: z.uuid(),
  modelName: z.string(),
  email: z.string(),
  zipCode: z.string().nullable(),
  /** The ZIP's city ("Irvine"), the area the owner reads; null for a ZIP we cannot place. */
  area: z.string().nullable(),
  status: z.enum(WAITLIST_STATUSES),
  /** The place in the model's line while waiting, else null. */
  position: z.int().positive().nullable(),
  joinedAt: z.string(),
  movedUpAt: z.string().nullable(),
  movedUpReason: z.string().nullable(),
  offeredUntil: z.string().nullable(),
  offeredUnitSerial: z.string().nullable(),
  endedAt: z.string().nullable(),
  endedReason: z.string().nullable(),
});
export type AdminWaitlistEntry = z.infer<typeof adminWaitlistEntry>;

export const adminWaitlist = z.object({
  entries: z.array(adminWaitlistEntry),
  /** Every model with anyone in line (waiting or offered), for the filter and the per-model headings. */
  models: z.array(z.object({ id: z.uuid(), name: z.string(), waiting: z.int(), offered: z.int() })),
  /** The areas of the entries shown, for the filter. */
  areas: z.array(z.string()),
  offerHours: z.int(),
});
export type AdminWaitlist = z.infer<typeof adminWaitlist>;

const reasonText = (required: string) =>
  z.string({ error: required }).trim().min(3, required).max(500, 'The reason must be at most 500 characters');

/** POST /api/admin/waitlist/:id/move-up: to the front of the line (behind others moved up before), with why. */
export const moveUpInput = z.object({
  reason: reasonText('Please say why this person moves up (for example, a medical need)'),
});
/** POST /api/admin/waitlist/:id/remove. */
export const removeFromWaitlistInput = z.object({ reason: reasonText('Please say why this person is removed') });
export const waitlistEntryParams = z.object({ id: z.uuid({ error: 'No such waitlist entry' }) });

/** GET / PUT /api/admin/settings/waitlist. */
export const waitlistSettings = z.object({
  offerHours: z
    .int({ error: `Offer time must be a whole number of hours from ${MIN_OFFER_HOURS} to ${MAX_OFFER_HOURS}` })
    .min(MIN_OFFER_HOURS, `Offer time must be a whole number of hours from ${MIN_OFFER_HOURS} to ${MAX_OFFER_HOURS}`)
    .max(MAX_OFFER_HOURS, `Offer time must be a whole number of hours from ${MIN_OFFER_HOURS} to ${MAX_OFFER_HOURS}`),
});
export type WaitlistSettings = z.infer<typeof waitlistSettings>;

/** The system e-mail templates of the line (db/system-email-templates.ts). */
export const WAITLIST_JOINED_TEMPLATE = 'waitlist_joined';
export const WAITLIST_OFFER_TEMPLATE = 'waitlist_offer';
