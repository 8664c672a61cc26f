import type { ReactNode } from 'react';
import { useScrollOnNavigate } from '@/web/lib/scroll';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const MAIN_ID = 'main-content';

/** Header, main landmark and footer of every public page, with a skip link and scroll handling. */
export function PublicLayout({ children }: { children: ReactNode }) {
  useScrollOnNavigate();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <SiteHeader />
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 scroll-mt-16">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
