import { zodResolver } from '@hookform/resolvers/zod';
import { checkoutRegistrationOn } from '@/contracts/checkout';

let latest: { today: string; resolver: ReturnType<typeof resolverOn> } | undefined;

const resolverOn = (today: string) => zodResolver(checkoutRegistrationOn(today));

/**
 * The registration form's validation on `today` (the server's, once it answered): the shared schema (spec messages
 * verbatim). Its own chunk, with zod: the form loads it when first used (use-registration-form.ts), so the page is
 * interactive before it arrives. The schema is built again only when the day changes.
 */
export function registrationResolverOn(today: string) {
  if (latest?.today !== today) latest = { today, resolver: resolverOn(today) };
  return latest.resolver;
}
