import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '@/contracts/site';

/** The business's public phone and e-mail (GET /api/site-info). */
export function useSiteInfo() {
  return useQuery<SiteInfo>({ queryKey: ['/api/site-info'] });
}

/** A tel: link target for a display phone number such as "(714) 555-0100". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
