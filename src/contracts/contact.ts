import { z } from 'zod';
import { customerEmail, customerName } from './checkout';

/** The /contact form's message; phone is optional. Messages a person reads, not the spec's (it has no form). */
export const contactMessageInput = z.object({
  name: customerName,
  email: customerEmail,
  phone: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string({ error: 'Please enter a valid phone number' })
      .trim()
      .min(10, 'Please enter a valid phone number')
      .max(20, 'Please enter a valid phone number')
      .optional(),
  ),
  message: z
    .string({ error: 'Please write at least 10 characters' })
    .trim()
    .min(10, 'Please write at least 10 characters')
    .max(5000, 'Please keep your message under 5,000 characters'),
  /**
   * The spam trap: a field people never see (hidden from screen readers and the tab order too) that form-filling
   * bots fill in. A message with it is answered as if sent, and dropped.
   */
  website: z.string().max(2000).optional(),
  locale: z.enum(['en', 'es']).optional(),
});
export type ContactMessageInput = z.input<typeof contactMessageInput>;

export const contactMessageSent = 'Thank you: your message was sent. We reply within one business day.';
export const contactMessageResult = z.object({ message: z.string() });
