import { z } from 'zod';

/** The local payment page (/pay/{sessionId}): the embedded stand-in for the provider's hosted checkout. */
export const paySessionParams = z.object({ sessionId: z.string().min(1).max(255) });
/** GET /api/pay/invoices/{invoiceId}: the embedded gateway's hosted page of an invoice (it opens a billing page). */
export const invoicePageParams = z.object({ invoiceId: z.string().min(1).max(255) });

export const paySessionView = z.object({
  id: z.string(),
  kind: z.enum(['checkout', 'portal']),
  status: z.enum(['open', 'complete', 'expired']),
  /** The recurring amount of a checkout: per month, or per week on the weekly plan (`interval`). */
  amountCents: z.number().int(),
  interval: z.enum(['month', 'week']),
  description: z.string(),
  /** One-time charges paid now: the first month from the start date, and any delivery charge beyond the free radius. */
  oneTimeItems: z.array(z.object({ amountCents: z.number().int(), description: z.string() })),
  /** A checkout's first renewal (YYYY-MM-DD, the start date + 1 month or + 7 days): the recurring amount from then. */
  renewsOn: z.string().nullable(),
  email: z.string(),
  cancelUrl: z.string(),
  /** Where a completed session sends the customer (the success page or the account). */
  completedUrl: z.string().nullable(),
  expiresAt: z.string(),
  cardOnFile: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});
export type PaySessionView = z.infer<typeof paySessionView>;

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "MM / YY" is in the past when its month has ended. */
function expiryIsPast(value: string, now = new Date()): boolean {
  const [month, year] = value.split('/').map((part) => Number(part.trim())) as [number, number];
  const endOfMonth = new Date(Date.UTC(2000 + year, month, 1));
  return endOfMonth.getTime() <= now.getTime();
}

/** The card form; messages are the ones Stripe's hosted page shows. */
export const cardPaymentInput = z.object({
  cardNumber: z
    .string({ error: 'Your card number is incomplete.' })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d{13,19}$/, 'Your card number is incomplete.')
        .refine(passesLuhn, 'Your card number is invalid.'),
    ),
  expiry: z
    .string({ error: "Your card's expiration date is incomplete." })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s?\/\s?\d{2}$/, "Your card's expiration date is incomplete.")
    .refine((value) => !expiryIsPast(value), "Your card's expiration year is in the past."),
  cvc: z
    .string({ error: "Your card's security code is incomplete." })
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  name: z
    .string({ error: 'Please enter the name on the card.' })
    .trim()
    .min(1, 'Please enter the name on the card.')
    .max(255),
});
export type CardPaymentInput = z.input<typeof cardPaymentInput>;
export type CardPayment = z.output<typeof cardPaymentInput>;

export const payResult = z.object({ redirectUrl: z.string() });
export type PayResult = z.infer<typeof payResult>;
