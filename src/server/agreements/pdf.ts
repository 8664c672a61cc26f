import PDFDocument from 'pdfkit';
import { business } from '@/contracts/business';
import { formatCalendarDate } from '@/contracts/dates';
import { formatCents } from '@/contracts/money';

/** One typeset unit of the agreement's text: section headings, their titles, paragraphs and list items. */
export interface AgreementBlock {
  kind: 'heading' | 'subheading' | 'paragraph' | 'item';
  text: string;
}

export interface AgreementDocument {
  version: string;
  orderNumber: string;
  customer: { name: string; email: string; phone: string | null };
  address: { street: string; city: string; zipCode: string; buildingNotes: string | null };
  unitModel: string;
  btuTier: string;
  startDate: string;
  priceCents: number;
  monthsMin: number;
  typedName: string;
  signedAt: Date;
  checkboxTimestamp: Date;
  ipAddress: string | null;
  terms: AgreementBlock[];
  contact: { phone: string; email: string };
}

const MARGIN = 56;
const INK = '#111827';
const MUTED = '#4b5563';
const SIGNATURE_BLOCK_HEIGHT = 190;

/** "June 1, 2026, 3:04:05 PM PDT" in the business's time zone. */
function formatInstant(instant: Date): string {
  return instant.toLocaleString('en-US', {
    timeZone: business.timeZone,
    dateStyle: 'long',
    timeStyle: 'long',
  });
}

/**
 * The signed rental agreement as a PDF: who, where, what, the price, the minimum term and every fee, the full
 * terms as shown, and the electronic signature (typed name, time, IP address).
 */
export function renderAgreementPdf(data: AgreementDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: {
      Title: `Rental Agreement ${data.orderNumber}`,
      Author: business.name,
      Subject: 'Portable air conditioner rental agreement',
      CreationDate: data.signedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  const heading = (text: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).fillColor(INK).text(text, { width });
    doc.moveDown(0.3);
  };
  const row = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(MUTED).text(`${label}: `, { continued: true, width });
    doc.font('Helvetica').fillColor(INK).text(value, { width });
  };
  const bullet = (text: string) =>
    doc.font('Helvetica').fontSize(10).fillColor(INK).text(`•  ${text}`, { width, indent: 0 });

  doc.font('Helvetica-Bold').fontSize(18).fillColor(INK).text(`${business.name} Rental Agreement`, { width });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`Portable air conditioner rental · Order ${data.orderNumber} · Agreement version ${data.version}`, { width });

  heading('Customer');
  row('Name', data.customer.name);
  row('E-mail', data.customer.email);
  if (data.customer.phone) row('Phone', data.customer.phone);

  heading('Delivery address');
  row('Address', `${data.address.street}, ${data.address.city}, CA ${data.address.zipCode}`);
  if (data.address.buildingNotes) row('Building notes', data.address.buildingNotes);

  heading('Rental');
  row('Unit model', `${data.unitModel} (${data.btuTier} BTU tier)`);
  row('Plan', 'Monthly');
  row('Start date', formatCalendarDate(data.startDate));
  row('Price', `${formatCents(data.priceCents)} per month`);
  row('Minimum term', `${data.monthsMin} months (${formatCents(data.priceCents * data.monthsMin)} in total)`);

  heading('Fees');
  bullet(
    `Delivery and installation: free with the ${data.monthsMin}-month minimum, otherwise ${formatCents(business.deliveryFeeWithoutMinimumCents)}; delivery free within ${business.freeDeliveryMiles} miles.`,
  );
  bullet(`Early termination before ${data.monthsMin} months: ${formatCents(business.earlyTerminationFeeCents)}.`);
  bullet(`Cancellation after the minimum term: ${business.cancellationNoticeDays} days' notice.`);
  bullet(
    `Late fee: ${formatCents(business.lateFeeCents)} when a payment is more than ${business.lateFeeAfterDays} days overdue.`,
  );
  bullet(`Service may be suspended after ${business.suspensionAfterFailedPayments} failed payments.`);

  for (const block of data.terms) {
    if (block.kind === 'heading') heading(block.text);
    else if (block.kind === 'subheading') {
      doc.moveDown(0.4).font('Helvetica-Bold').fontSize(10.5).fillColor(INK).text(block.text, { width });
      doc.moveDown(0.2);
    } else if (block.kind === 'item') bullet(block.text);
    else doc.font('Helvetica').fontSize(10).fillColor(INK).text(block.text, { width }).moveDown(0.3);
  }

  // The signature block stays together on one page.
  if (doc.y > doc.page.height - MARGIN - SIGNATURE_BLOCK_HEIGHT) doc.addPage();
  heading('Electronic signature');
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .text(
      'By typing their name and ticking the agreement box at checkout, the customer signed this agreement electronically.',
      { width },
    );
  doc.moveDown(1.2);
  doc.font('Helvetica-Oblique').fontSize(16).fillColor(INK).text(data.typedName, { width });
  const lineY = doc.y + 2;
  doc
    .moveTo(MARGIN, lineY)
    .lineTo(MARGIN + 300, lineY)
    .lineWidth(0.8)
    .strokeColor(INK)
    .stroke();
  doc.moveDown(0.6);
  row('Signed by', data.typedName);
  row('Signed at', `${formatInstant(data.signedAt)} (${data.signedAt.toISOString()})`);
  row('Agreement box ticked at', `${formatInstant(data.checkboxTimestamp)} (${data.checkboxTimestamp.toISOString()})`);
  row('IP address', data.ipAddress ?? 'not recorded');
  doc.moveDown(1);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`${business.name} · ${data.contact.phone} · ${data.contact.email} · ${business.area}`, { width });

  doc.end();
  return done;
}
