import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A small icon before a text, with a label only screen readers hear ("Phone: ", "Hours: "), for contact lines where
 * the icon alone says what the text is.
 */
export function IconText({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <>
      <Icon aria-hidden="true" className="size-4" />
      <span>
        <span className="sr-only">{label}: </span>
        {children}
      </span>
    </>
  );
}
