import type { ComponentProps } from 'react';
import { Link } from 'wouter';
import { scrollToHash } from '@/web/lib/scroll';

type SiteLinkProps = Omit<ComponentProps<'a'>, 'href'> & { href: string };

/**
 * A client-side link that also handles "/#section" targets: when the page already shows that hash (the URL
 * would not change), it scrolls to the section again instead of doing nothing.
 */
export function SiteLink({ href, onClick, ...props }: SiteLinkProps) {
  return (
    <Link
      href={href}
      onClick={(event) => {
        onClick?.(event);
        const [path, hash] = href.split('#');
        const alreadyThere = path === window.location.pathname && `#${hash}` === window.location.hash;
        if (hash && alreadyThere && !event.defaultPrevented) {
          event.preventDefault();
          scrollToHash(hash);
        }
      }}
      {...props}
    />
  );
}

/** A SiteLink inside running text: in the primary colour, underlined on hover. */
export function TextLink(props: SiteLinkProps) {
  return <SiteLink className="font-medium text-primary underline-offset-4 hover:underline" {...props} />;
}
