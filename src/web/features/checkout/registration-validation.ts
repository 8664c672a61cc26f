import { zodResolver } from '@hookform/resolvers/zod';
import { checkoutRegistration } from '@/contracts/checkout';

/**
 * The registration form's validation: the shared schema (spec messages verbatim). Its own chunk, with zod: the
 * form loads it when first used (registration-form.tsx), so the page is interactive before it arrives.
 */
export const registrationResolver = zodResolver(checkoutRegistration);
