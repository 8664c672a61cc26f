import { agreementTerms, type TermsBlock } from '@/contracts/agreement/text';
import type { SiteInfo } from '@/contracts/site';
import type { Locale } from '@/contracts/locale';
import { cn } from '@/web/lib/utils';

type TermsContentProps = {
  /** Phone and e-mail for the Contact section; left out when not known. */
  contact?: SiteInfo;
  className?: string;
  /** The language of the agreement's text (the same clauses a customer signs in it). */
  locale: Locale;
};

function TermsBlockView({ block }: { block: TermsBlock }) {
  if (block.kind === 'paragraph') return <p>{block.text}</p>;
  return (
    <ul>
      {block.items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** The rental agreement (spec sections 2 and 9) on /terms, rendered from the text the server records when signed. */
export function TermsContent({ contact, className, locale }: TermsContentProps) {
  return (
    <div className={cn('space-y-8 leading-relaxed [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6', className)}>
      {agreementTerms(contact, locale).map((section) => (
        <section key={section.title} className="space-y-3">
          <h2 className="text-xl font-semibold">{section.title}</h2>
          {section.blocks.map((block, index) => (
            <TermsBlockView key={index} block={block} />
          ))}
        </section>
      ))}
    </div>
  );
}
