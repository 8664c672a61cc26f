import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGREEMENT_VERSION } from '@/contracts/agreement/text';
import { pdfText } from '@tests/support/pdf-text';
import { agreementPdfBlocks, renderAgreementHtml } from './agreement-text';
import { renderAgreementPdf } from './pdf';

// The fixtures record each version's exact text (1.0 was captured from the renderer that signed it; 1.1 changed only
// the bill dates, issue 27). A signed agreement must not change wording silently: a new text is a new version with
// fixtures of its own. The HTML is kept as .txt so the formatter leaves its exact bytes alone.
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

const contact = { phone: '(714) 555-0100', email: 'hello@coolrent.example' };

/**
 * The .pdf.txt fixtures were printed by `pdftotext file -`; pdfText reads the same lines and page breaks ("\f") but
 * not the blank lines pdftotext adds between the blocks it detects (its layout guess, not the document's text).
 */
const withoutBlankLines = (text: string) => text.replace(/\n{2,}/g, '\n');

describe('agreement version 1.1', () => {
  it('is the version the fixtures record', () => {
    expect(AGREEMENT_VERSION).toBe('1.1');
  });

  it('records the same HTML as before', () => {
    expect(renderAgreementHtml(contact)).toBe(fixture('agreement-1.1.html.txt'));
  });

  it('gives the PDF the same blocks as before', () => {
    expect(agreementPdfBlocks(contact)).toEqual(JSON.parse(fixture('agreement-1.1.blocks.json')));
  });

  it('differs from version 1.0 only in its number and the two sentences on bill dates', () => {
    const sentences = (html: string) => html.replaceAll('version 1.0', 'version 1.1').replaceAll('"1.0"', '"1.1"');
    const before = sentences(fixture('agreement-1.0.html.txt')).split('</li>');
    const after = fixture('agreement-1.1.html.txt').split('</li>');
    const changed = after.filter((part, index) => part !== before[index]);
    expect(before).toHaveLength(after.length);
    expect(changed).toHaveLength(2);
    expect(changed[0]).toContain('the first month, from your start date, is charged to your card at checkout');
    expect(changed[1]).toContain('the first month, which runs from the start date, at checkout');
  });

  it('prints the same PDF text as before', async () => {
    const pdf = await renderAgreementPdf({
      version: AGREEMENT_VERSION,
      orderNumber: 'CR-20260601-0042',
      customer: { name: 'Alexandra Okonkwo-Smith', email: 'alexandra@example.com', phone: '(949) 555-0177' },
      address: {
        street: '4521 Sunflower Avenue',
        city: 'Santa Ana',
        zipCode: '92704',
        buildingNotes: 'Unit 12, ring twice',
      },
      unitModel: 'Portable AC 12,000-14,000 BTU',
      btuTier: '12000-14000',
      startDate: '2026-06-04',
      priceCents: 3900,
      monthsMin: 4,
      typedName: 'Alexandra Okonkwo-Smith',
      signedAt: new Date('2026-06-01T22:04:05.000Z'),
      checkboxTimestamp: new Date('2026-06-01T22:02:35.000Z'),
      ipAddress: '203.0.113.7',
      terms: agreementPdfBlocks(contact),
      contact,
    });
    expect(await pdfText(pdf)).toBe(withoutBlankLines(fixture('agreement-1.1.pdf.txt')));
  });

  it('escapes what the contact details contain', () => {
    const html = renderAgreementHtml({ phone: '<b>555</b>', email: `o'neil&co@example.com` });
    expect(html).toContain('<p>Phone: &lt;b&gt;555&lt;/b&gt; · E-mail: o&#x27;neil&amp;co@example.com</p>');
  });
});
