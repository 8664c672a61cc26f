import { useEffect } from 'react';
import { business } from '@/contracts/business';
import { offer } from './offer';

const homeTitle = `${business.name} · Portable AC Rentals from ${offer.monthly}/month`;

/** Sets the tab title as "{page} · CoolRent OC" (the brand line for the home page). */
export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${business.name}` : homeTitle;
  }, [pageTitle]);
}
