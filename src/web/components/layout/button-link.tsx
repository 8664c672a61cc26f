import type { ComponentProps } from 'react';
import { Button, type ButtonProps } from '../ui/button';
import { SiteLink } from './site-link';

type ButtonLinkProps = ComponentProps<typeof SiteLink> & Pick<ButtonProps, 'variant' | 'size'>;

/** A link within the site that looks like a button: the calls to action ("Rent Now", "View Catalog"). */
export function ButtonLink({ variant, size, className, ...link }: ButtonLinkProps) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <SiteLink {...link} />
    </Button>
  );
}
