import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '@/contracts/site';
import { apiRequest } from './api';

// Shared by the layout, the contact page, the portal and checkout's success page, so it lives below them all.
const siteInfoKey = ['/api/site-info'] as const;

export const getSiteInfo = () => apiRequest<SiteInfo>('GET', '/api/site-info');

/** The business's public phone and e-mail. */
export function useSiteInfo() {
  return useQuery({ queryKey: siteInfoKey, queryFn: getSiteInfo });
}

/** A tel: link target for a display phone number such as "(714) 555-0100". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
