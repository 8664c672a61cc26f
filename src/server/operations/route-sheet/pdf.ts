import PDFDocument from 'pdfkit';
import { formatMiles, formatRouteDate, type RouteSheet, type RouteStop } from '@/contracts/admin/route-sheet';
import { business } from '@/contracts/business';
import { pdfBytes } from '@/server/platform/lib/pdf';

const MARGIN = 48;
const INK = '#000000';
const MUTED = '#333333';
const FOOTER_SPACE = 28;
/** The tick box and signature line under each stop. */
const SIGN_OFF_HEIGHT = 34;

/** One line of a stop's block, measured before anything is drawn so the stop never splits across pages. */
interface Line {
  label?: string;
  text: string;
  bold?: boolean;
  size: number;
  link?: string;
}

/** The characters the PDF's built-in fonts can draw (Windows-1252): Latin-1 and a few typographic marks. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Customer text as the built-in fonts can draw it: anything else (emoji, other scripts) becomes "?". */
export function pdfSafe(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    const drawable = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
    out += drawable ? char : char === '\n' || char === '\t' ? ' ' : '?';
  }
  return out;
}

function stopLines(stop: RouteStop): Line[] {
  const leg = stop.located ? `${formatMiles(stop.legMiles)} from the previous point` : 'ZIP code not located';
  const lines: Line[] = [
    { text: `${stop.sequence}. ${stop.typeLabel} · ${stop.windowLabel} · ${leg}`, bold: true, size: 12 },
    { label: 'Customer', text: `${stop.customer}${stop.phone ? ` · ${stop.phone}` : ''}`, size: 10 },
    { label: 'Address', text: stop.address, size: 10, link: stop.mapUrl },
  ];
  if (stop.buildingNotes) lines.push({ label: 'Building notes', text: stop.buildingNotes, size: 10 });
  for (const item of stop.bring) lines.push({ label: 'Bring', text: item, size: 10 });
  for (const item of stop.collect) lines.push({ label: 'Collect', text: item, size: 10 });
  if (stop.problem) lines.push({ label: 'Problem', text: stop.problem, size: 10 });
  if (stop.notes) lines.push({ label: 'Notes', text: stop.notes, size: 10 });
  lines.push({ label: 'Order', text: stop.orderNumber, size: 9 });
  return lines.map((line) => ({ ...line, text: pdfSafe(line.text) }));
}

/**
 * The route sheet as a PDF for the crew: a header (day, depot, stops, miles), the notes, then each stop as one
 * block that is moved whole to the next page when it does not fit, and page numbers in every footer.
 */
export function renderRouteSheetPdf(sheet: RouteSheet, generatedAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `Route sheet ${sheet.date}`,
      Author: business.name,
      Subject: 'Delivery route sheet',
      CreationDate: generatedAt,
    },
  });
  const done = pdfBytes(doc);

  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN - FOOTER_SPACE;
  const lineText = (line: Line) => (line.label ? `${line.label}: ${line.text}` : line.text);
  const measure = (line: Line) =>
    doc
      .font(line.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(line.size)
      .heightOfString(lineText(line), { width }) + 2;

  const depot = `${sheet.depot.zipCode}${sheet.depot.place ? ` (${sheet.depot.place})` : ''}`;
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(INK)
    .text(`Route sheet: ${formatRouteDate(sheet.date)}`, { width });
  doc
    .font('Helvetica')
    .fontSize(10.5)
    .fillColor(INK)
    .text(
      `Depot ${depot} · ${sheet.stops.length} ${sheet.stops.length === 1 ? 'stop' : 'stops'} · ` +
        `${formatMiles(sheet.totalMiles)} to the last stop, ${formatMiles(sheet.returnMiles)} back to the depot`,
      { width },
    );
  doc.moveDown(0.4);
  for (const note of sheet.notes.map(pdfSafe)) doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(note, { width });
  doc.moveDown(0.8);
  if (sheet.stops.length === 0) {
    doc.font('Helvetica').fontSize(11).fillColor(INK).text('No visits are scheduled for this day.', { width });
  }

  for (const stop of sheet.stops) {
    const lines = stopLines(stop);
    const height = lines.reduce((sum, line) => sum + measure(line), 0) + SIGN_OFF_HEIGHT + 16;
    if (doc.y + height > bottom()) doc.addPage();
    const top = doc.y;
    doc
      .moveTo(MARGIN, top)
      .lineTo(MARGIN + width, top)
      .lineWidth(0.6)
      .strokeColor(INK)
      .stroke();
    doc.y = top + 6;
    for (const line of lines) {
      doc.x = MARGIN;
      if (line.label) {
        doc.font('Helvetica-Bold').fontSize(line.size).fillColor(INK).text(`${line.label}: `, {
          continued: true,
          width,
        });
        doc.font('Helvetica').text(line.text, { width, link: line.link, underline: Boolean(line.link) });
      } else {
        doc
          .font(line.bold ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(line.size)
          .fillColor(INK)
          .text(line.text, { width });
      }
      doc.y += 2;
    }
    // Sign-off: a box to tick, the customer's signature and the time.
    const y = doc.y + 8;
    doc.rect(MARGIN, y, 11, 11).lineWidth(0.8).stroke();
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text('Done', MARGIN + 16, y + 1, { lineBreak: false });
    doc.text('Signature', MARGIN + 70, y + 1, { lineBreak: false });
    doc
      .moveTo(MARGIN + 120, y + 11)
      .lineTo(MARGIN + 340, y + 11)
      .stroke();
    doc.text('Time', MARGIN + 356, y + 1, { lineBreak: false });
    doc
      .moveTo(MARGIN + 384, y + 11)
      .lineTo(MARGIN + 470, y + 11)
      .stroke();
    doc.x = MARGIN;
    doc.y = y + SIGN_OFF_HEIGHT - 8;
  }

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i += 1) {
    doc.switchToPage(pages.start + i);
    // Writing inside the bottom margin would otherwise start a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(`Route sheet ${sheet.date} · Page ${i + 1} of ${pages.count}`, MARGIN, doc.page.height - MARGIN, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }

  doc.end();
  return done;
}
