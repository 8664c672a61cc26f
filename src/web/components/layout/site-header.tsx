import { Menu } from 'lucide-react';
import { lazy, memo, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { LanguageSwitcher } from '@/web/i18n/language-switcher';
import { useHydrated } from '@/web/lib/use-hydrated';
import { Button } from '../ui/button';
import { Brand } from './brand';
import { ButtonLink } from './button-link';
import { HeaderPhone } from './header-phone';
import { SiteLink } from './site-link';

// The drawer (Radix dialog, focus trap, scroll lock) loads when the menu button is first approached, not with the page.
const loadMobileMenu = () => import('./mobile-menu');
const preloadMobileMenu = () => void loadMobileMenu();
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));

// Spec section 2: the shared navigation.
const navLinks = [
  { href: '/catalog', label: 'nav.catalog' },
  { href: '/#pricing', label: 'nav.pricing' },
  { href: '/#service-area', label: 'nav.serviceArea' },
  { href: '/#faq', label: 'nav.faq' },
] as const;

const linkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 aria-[current=page]:text-primary';

// Memoized: the page around it renders again as its data arrives (the checkout's stock, each answer at once); this
// part has nothing of it.
export const SiteHeader = memo(function SiteHeader() {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // When a link in the drawer is chosen, focus goes to where the link leads, not back to the menu button.
  const linkChosen = useRef(false);
  const chooseLink = () => {
    linkChosen.current = true;
    setMenuOpen(false);
  };
  const current = (href: string) => (href === pathname ? 'page' : undefined);
  // The menu opens only with React attached; the page's scripts load after its first paint (ADR 027).
  const hydrated = useHydrated();

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        <Brand />
        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
          {navLinks.map((link) => (
            <SiteLink key={link.href} href={link.href} aria-current={current(link.href)} className={linkClass}>
              {t(link.label)}
            </SiteLink>
          ))}
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <HeaderPhone />
          {/* A phone's header has no room for it beside the call button and Rent Now: it is in the menu, full size. */}
          <LanguageSwitcher className="max-sm:hidden" />
          <ButtonLink href="/checkout" size="sm">
            {t('nav.rentNow')}
          </ButtonLink>
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={t('nav.openMenu')}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            disabled={!hydrated}
            onPointerEnter={preloadMobileMenu}
            onFocus={preloadMobileMenu}
            onClick={() => {
              linkChosen.current = false;
              setMenuWanted(true);
              setMenuOpen(true);
            }}
          >
            <Menu aria-hidden="true" className="size-6" />
          </Button>
          {menuWanted && (
            <Suspense fallback={null}>
              <MobileMenu
                open={menuOpen}
                onOpenChange={setMenuOpen}
                onCloseAutoFocus={(event) => {
                  // Focus goes where a chosen link leads; else back to the menu button.
                  event.preventDefault();
                  if (!linkChosen.current) menuButton.current?.focus();
                }}
                links={navLinks.map((link) => ({ ...link, label: t(link.label), current: current(link.href) }))}
                linkClass={linkClass}
                rentNow={t('nav.rentNow')}
                title={t('nav.menu')}
                mainLabel={t('nav.main')}
                onChoose={chooseLink}
              />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
});
