import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SiteInfo } from '@/contracts/site';
import { AgreementSummary } from '@/web/features/checkout/agreement-summary';
import { AGREEMENT_VERSION, TermsContent } from '@/web/features/terms/terms-content';

export { AGREEMENT_VERSION };

/**
 * The agreement exactly as the customer was shown it: the summary on /checkout and the full terms on /terms,
 * rendered from the very React components those pages use (one source; no server copy that could drift).
 */
export function renderAgreementHtml(contact: SiteInfo): string {
  const summary = renderToStaticMarkup(createElement(AgreementSummary));
  const terms = renderToStaticMarkup(createElement(TermsContent, { headingLevel: 3, contact }));
  return (
    `<article data-agreement-version="${AGREEMENT_VERSION}">` +
    `<section><h2>Rental Agreement Summary</h2>${summary}</section>` +
    `<section><h2>Rental Agreement</h2>${terms}</section>` +
    `</article>`
  );
}

export interface AgreementBlock {
  kind: 'heading' | 'subheading' | 'paragraph' | 'item';
  text: string;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: ' ' };

function toText(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x27|#39|amp|lt|gt|quot|nbsp);/g, (_match, name: string) => entities[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The recorded HTML as a flat list of headings, paragraphs and list items: what the PDF typesets. */
export function agreementBlocks(html: string): AgreementBlock[] {
  const blocks: AgreementBlock[] = [];
  const pattern = /<(h2|h3|p|li)\b[^>]*>([\s\S]*?)<\/\1>/g;
  for (const match of html.matchAll(pattern)) {
    const tag = match[1]!;
    const kind = tag === 'h2' ? 'heading' : tag === 'h3' ? 'subheading' : tag === 'li' ? 'item' : 'paragraph';
    const text = toText(match[2]!);
    if (text) blocks.push({ kind, text });
  }
  return blocks;
}
