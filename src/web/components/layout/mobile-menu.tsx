import type { ComponentProps } from 'react';
import { Sheet, SheetContent, SheetHeader, SheetTitle } from '../ui/sheet';
import { ButtonLink } from './button-link';
import { SiteLink } from './site-link';
import { LanguageSwitcher } from '@/web/i18n/language-switcher';

interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: ComponentProps<typeof SheetContent>['onCloseAutoFocus'];
  links: { href: string; label: string; current: 'page' | undefined }[];
  linkClass: string;
  rentNow: string;
  title: string;
  mainLabel: string;
  onChoose: () => void;
}

/** The header's navigation in a drawer on small screens; its own chunk (site-header.tsx loads it on demand). */
export function MobileMenu(props: MobileMenuProps) {
  return (
    <Sheet open={props.open} onOpenChange={props.onOpenChange}>
      <SheetContent side="right" aria-describedby={undefined} onCloseAutoFocus={props.onCloseAutoFocus}>
        <SheetHeader>
          <SheetTitle>{props.title}</SheetTitle>
        </SheetHeader>
        <nav aria-label={props.mainLabel} className="-mx-3 flex flex-col gap-1">
          {props.links.map((link) => (
            <SiteLink
              key={link.href}
              href={link.href}
              aria-current={link.current}
              onClick={props.onChoose}
              className={`${props.linkClass} text-base`}
            >
              {link.label}
            </SiteLink>
          ))}
        </nav>
        <ButtonLink href="/checkout" onClick={props.onChoose} className="mt-2">
          {props.rentNow}
        </ButtonLink>
        {/* The other language, named in full: a reader who landed in the wrong one finds it here too. */}
        <LanguageSwitcher className="mt-2 h-11 justify-start text-base" />
      </SheetContent>
    </Sheet>
  );
}
