import type { ReactNode } from 'react';
import { HeadedSection } from '@/web/components/headed-section';

/**
 * A section of the home page: its title large and centred over the content, in the page's column. `muted` puts it
 * on the muted band (the column inside the band, the section a target for in-page links, landing with its title
 * just under the sticky header: the band's top padding sits under the header); `narrow` is the FAQ's narrower
 * column.
 */
export function HomeSection({
  id,
  anchor,
  title,
  muted = false,
  narrow = false,
  children,
}: {
  id: string;
  anchor?: string;
  title: string;
  muted?: boolean;
  narrow?: boolean;
  children: ReactNode;
}) {
  const column = `mx-auto ${narrow ? 'max-w-3xl' : 'max-w-6xl'} px-4 py-16 sm:px-6`;
  return (
    <HeadedSection
      id={id}
      anchor={anchor}
      title={title}
      className={muted ? 'scroll-mt-4 bg-muted' : column}
      contentClassName={muted ? column : undefined}
      titleClassName="text-center text-3xl font-bold tracking-tight"
    >
      {children}
    </HeadedSection>
  );
}
