import type { ReactNode } from 'react';

/**
 * A section named by its heading: the h2 carries `id` and the section points at it (aria-labelledby). `anchor` is
 * the section's own id, for links to it (/#faq); `contentClassName` puts the heading and the rest in one inner box
 * (a band's centred column).
 */
export function HeadedSection({
  id,
  anchor,
  title,
  className,
  contentClassName,
  titleClassName,
  children,
}: {
  id: string;
  anchor?: string;
  title: ReactNode;
  className?: string;
  contentClassName?: string;
  titleClassName?: string;
  children: ReactNode;
}) {
  const content = (
    <>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </>
  );
  return (
    <section id={anchor} aria-labelledby={id} className={className}>
      {contentClassName === undefined ? content : <div className={contentClassName}>{content}</div>}
    </section>
  );
}
