import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useLocationProperty } from 'wouter/use-browser-location';

const currentHash = () => window.location.hash;
// Prerendered pages (and the first render when hydrating them) have no hash yet: the effect scrolls once it does.
const noHash = () => '';
const RETRY_MS = 50;
const MAX_RETRIES = 20;

function scrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/**
 * Scrolls to the element a hash names and moves focus there, as a browser does for a real fragment link (the next
 * Tab continues from that section). Returns false when no such element is on the page (yet).
 */
export function scrollToHash(hash: string): boolean {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  const target = id ? document.getElementById(id) : null;
  if (!target) return false;
  target.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  keepInPlace(target);
  return true;
}

/** When the section is checked again after the scroll: the page above it may still be growing (stock, pictures). */
const SETTLE_CHECKS_MS = [400, 900, 1600];
/** How long the section is kept at the top while the page lays out (a busy phone may take seconds). */
const KEEP_MS = 4000;

/**
 * A page arriving from another one is still laying out while it scrolls (sections above the target fill in, grow or
 * shrink), so a smooth scroll ends away from the section, hundreds of pixels off (issue 33). For a few seconds after
 * the scroll, the section is put back at the top whenever the page's size changes or a check finds it moved, unless
 * the visitor scrolls themselves meanwhile (a wheel, a touch, a key).
 */
function keepInPlace(target: HTMLElement): void {
  let visitorScrolled = false;
  const stop = () => (visitorScrolled = true);
  const events = ['wheel', 'touchstart', 'keydown'] as const;
  for (const event of events) window.addEventListener(event, stop, { once: true, passive: true });
  const realign = () => {
    if (visitorScrolled || !target.isConnected) return;
    const margin = Number.parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
    if (Math.abs(target.getBoundingClientRect().top - margin) > 8) {
      target.scrollIntoView({ behavior: 'auto', block: 'start' });
    }
  };
  // Only after the first check: until then the smooth scroll is still on its way.
  const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => realign());
  SETTLE_CHECKS_MS.forEach((delay, index) =>
    setTimeout(() => {
      realign();
      if (index === 0) resized?.observe(document.body);
    }, delay),
  );
  setTimeout(() => {
    resized?.disconnect();
    for (const event of events) window.removeEventListener(event, stop);
  }, KEEP_MS);
}

/**
 * wouter changes the URL with pushState, which neither scrolls to a #hash nor back to the top. After each
 * navigation this scrolls to the hash's element (waiting briefly for it to render) or to the top of the page.
 * The page as the browser loaded it keeps the browser's own scroll position: a visitor who scrolled down a
 * prerendered page while it was hydrating stays where they are (and the link under their finger stays there).
 */
export function useScrollOnNavigate(): void {
  const [pathname] = useLocation();
  const hash = useLocationProperty(currentHash, noHash);
  /** The location last scrolled for; null until the first run (the page as loaded). */
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const location = pathname + hash;
    const previous = handled.current;
    handled.current = location;
    if (!hash) {
      if (previous !== null && previous !== location) window.scrollTo(0, 0);
      return;
    }
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout>;
    const attempt = () => {
      if (scrollToHash(hash) || ++attempts > MAX_RETRIES) return;
      timer = setTimeout(attempt, RETRY_MS);
    };
    // After this render's dialogs (the mobile menu) have closed and released focus and scrolling.
    timer = setTimeout(attempt, 0);
    return () => clearTimeout(timer);
  }, [pathname, hash]);
}
