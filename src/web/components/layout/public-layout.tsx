import type { ReactNode } from 'react';
import { useScrollOnNavigate } from '@/web/lib/scroll';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

const MAIN_ID = 'main-content';

/** Header, main landmark and footer of every public page, with a skip link and scroll handling. */
export function PublicLayout({ children }: { children: ReactNode }) {
  useScrollOnNavigate();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink targetId={MAIN_ID} />
      <SiteHeader />
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 scroll-mt-16">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
