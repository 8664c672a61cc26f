import type { PlanType } from '@/contracts/admin/orders';
import { AGREEMENT_VERSION, agreementClauses, type TermsBlock } from '@/contracts/agreement/text';
import { DEFAULT_LOCALE, type Locale } from '@/contracts/locale';
import type { SiteInfo } from '@/contracts/site';
import type { AgreementBlock } from './pdf';

// The classes the checkout and /terms pages give these elements, so the recorded HTML is the markup that was shown.
const SUMMARY_LIST_CLASS = 'list-disc space-y-2 pl-5 text-sm leading-relaxed';
const TERMS_CLASS = 'space-y-8 leading-relaxed [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6';
const SECTION_CLASS = 'space-y-3';
const SECTION_TITLE_CLASS = 'text-xl font-semibold';

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
/** Escapes text and attribute values as React's static renderer did when this HTML came from the components. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => htmlEscapes[char]!);

const element = (tag: string, content: string, className?: string) =>
  `<${tag}${className ? ` class="${escapeHtml(className)}"` : ''}>${content}</${tag}>`;
const listHtml = (items: readonly string[], className?: string) =>
  element('ul', items.map((item) => element('li', escapeHtml(item))).join(''), className);
const blockHtml = (block: TermsBlock) =>
  block.kind === 'paragraph' ? element('p', escapeHtml(block.text)) : listHtml(block.items);

/**
 * The agreement as the customer was shown it: the summary of the order's plan above the agreement box (checkout, a
 * phone order's page) and the full terms on /terms.
 */
export function renderAgreementHtml(
  contact: SiteInfo,
  locale: Locale = DEFAULT_LOCALE,
  planType: PlanType = 'monthly',
): string {
  const clauses = agreementClauses(locale, planType, contact);
  const terms = clauses.terms
    .map((section) =>
      element(
        'section',
        element('h3', escapeHtml(section.title), SECTION_TITLE_CLASS) + section.blocks.map(blockHtml).join(''),
        SECTION_CLASS,
      ),
    )
    .join('');
  // English keeps the exact markup version 1.0 recorded; another language says which it is.
  const lang = locale === DEFAULT_LOCALE ? '' : ` lang="${locale}"`;
  return (
    `<article data-agreement-version="${AGREEMENT_VERSION}"${lang}>` +
    `<section><h2>${escapeHtml(clauses.summaryTitle)}</h2>${listHtml(clauses.summary, SUMMARY_LIST_CLASS)}</section>` +
    `<section><h2>${escapeHtml(clauses.title)}</h2>${element('div', terms, TERMS_CLASS)}</section>` +
    `</article>`
  );
}

/** The same agreement as the flat list of headings, paragraphs and list items that the PDF typesets. */
export function agreementPdfBlocks(
  contact: SiteInfo,
  locale: Locale = DEFAULT_LOCALE,
  planType: PlanType = 'monthly',
): AgreementBlock[] {
  const clauses = agreementClauses(locale, planType, contact);
  const blocks: AgreementBlock[] = [{ kind: 'heading', text: clauses.summaryTitle }];
  blocks.push(...clauses.summary.map((text): AgreementBlock => ({ kind: 'item', text })));
  blocks.push({ kind: 'heading', text: clauses.title });
  for (const section of clauses.terms) {
    blocks.push({ kind: 'subheading', text: section.title });
    for (const block of section.blocks) {
      if (block.kind === 'paragraph') blocks.push({ kind: 'paragraph', text: block.text });
      else blocks.push(...block.items.map((text): AgreementBlock => ({ kind: 'item', text })));
    }
  }
  return blocks;
}
