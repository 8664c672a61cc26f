import { zodResolver } from '@hookform/resolvers/zod';
import { contactMessageInput } from '@/contracts/contact';

/**
 * The contact form's validation: the shared schema (spec messages verbatim). Its own chunk, with zod, as the
 * checkout's (registration-validation.ts): the form loads it when first focused or sent, so the page does not carry
 * zod on its first load.
 */
export const contactResolver = zodResolver(contactMessageInput);
