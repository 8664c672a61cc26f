import type { ComponentProps, ComponentType } from 'react';
import { Button } from '@/web/components/ui/button';

/** A button whose icon stands before its words (the icon is decoration: the words name the button). */
export function IconButton({
  icon: Icon,
  iconClassName,
  children,
  ...props
}: ComponentProps<typeof Button> & {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  iconClassName?: string;
}) {
  return (
    <Button {...props}>
      <Icon aria-hidden="true" className={iconClassName} />
      {children}
    </Button>
  );
}
