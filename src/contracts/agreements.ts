import { z } from 'zod';

/** POST /api/agreements/create (spec sections 5 and 7): sent right after create-session, before payment. */
export const agreementInput = z.object({
  orderId: z.uuid({ error: 'Order not found' }),
  typedName: z
    .string({ error: 'Please type your full legal name' })
    .trim()
    .min(2, 'Please type your full legal name')
    .max(255, 'Please type your full legal name'),
  agreed: z.literal(true, { error: 'You must agree to the terms' }),
  /** When the box was ticked, by the browser's clock; the server keeps it only when it is plausible. */
  checkboxTimestamp: z.iso.datetime({ offset: true }).optional(),
});
export type AgreementInput = z.input<typeof agreementInput>;

export const agreementResult = z.object({ id: z.uuid(), pdfUrl: z.string() });
export type AgreementResult = z.infer<typeof agreementResult>;

export const agreementIdParams = z.object({ agreementId: z.string().max(64) });
