import { createContext, useContext, useEffect } from 'react';
import { business } from '@/contracts/business';
import { offer } from './offer';

const homeTitle = `${business.name} · Portable AC Rentals from ${offer.monthly}/month`;

/** Given by the build-time render (src/web/entry-server.tsx) only, so a prerendered page carries its own title. */
export const DocumentTitleSink = createContext<((title: string) => void) | null>(null);

/** Sets the tab title as "{page} · CoolRent OC" (the brand line for the home page). */
export function useDocumentTitle(pageTitle?: string): void {
  const title = pageTitle ? `${pageTitle} · ${business.name}` : homeTitle;
  // Only the server render provides the sink; in the browser the title is set after render.
  useContext(DocumentTitleSink)?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
