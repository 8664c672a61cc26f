import type { ReactNode } from 'react';
import { HeadedSection } from '../headed-section';
import { PageIntro } from './page-intro';
import { PublicLayout } from './public-layout';

/** An inner page of text (the monthly and weekly plans): the intro band, then one narrow column of sections. */
export function ColumnPage({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <PublicLayout>
      <PageIntro title={title}>{lead}</PageIntro>
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6">{children}</div>
    </PublicLayout>
  );
}

/** A section of a ColumnPage under its own heading. */
export function ColumnSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <HeadedSection id={id} title={title} className={className} titleClassName="text-2xl font-bold">
      {children}
    </HeadedSection>
  );
}
