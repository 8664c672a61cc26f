import PDFDocument from 'pdfkit';
import type { PlanType } from '@/contracts/admin/orders';
import { business } from '@/contracts/business';
import { pdfBytes } from '@/server/platform/lib/pdf';
import { formatCents } from '@/contracts/money';
import { formatCalendarDateIn, intlLocale } from '@/i18n/format';
import { DEFAULT_LOCALE, type Locale } from '@/contracts/locale';
import { translator } from '@/i18n/translator';

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
  /** The order's plan: the monthly one unless told (the weekly plan has no minimum term). */
  planType?: PlanType;
  priceCents: number;
  monthsMin: number;
  typedName: string;
  signedAt: Date;
  checkboxTimestamp: Date;
  ipAddress: string | null;
  terms: AgreementBlock[];
  contact: { phone: string; email: string };
  /** The language it was signed in (agreements.locale): labels, dates and clauses in it. English when absent. */
  locale?: Locale;
}

const MARGIN = 56;
const INK = '#111827';
const MUTED = '#4b5563';
const SIGNATURE_BLOCK_HEIGHT = 190;

/** "June 1, 2026, 3:04:05 PM PDT" in the business's time zone. */
function formatInstant(instant: Date, locale: Locale): string {
  return instant.toLocaleString(intlLocale(locale), {
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
  const locale = data.locale ?? DEFAULT_LOCALE;
  const t = translator(locale, 'agreement');
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: {
      Title: t('pdfTitle', { orderNumber: data.orderNumber }),
      Author: business.name,
      Subject: t('pdfSubject'),
      CreationDate: data.signedAt,
    },
  });
  const done = pdfBytes(doc);

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

  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(INK)
    .text(t('title', { business: business.name }), { width });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(t('subtitle', { orderNumber: data.orderNumber, version: data.version }), { width });

  heading(t('customer'));
  row(t('name'), data.customer.name);
  row(t('email'), data.customer.email);
  if (data.customer.phone) row(t('phone'), data.customer.phone);

  heading(t('deliveryAddress'));
  row(t('address'), `${data.address.street}, ${data.address.city}, CA ${data.address.zipCode}`);
  if (data.address.buildingNotes) row(t('buildingNotes'), data.address.buildingNotes);

  heading(t('rental'));
  row(t('unitModel'), t('unitModelValue', { model: data.unitModel, tier: data.btuTier }));
  const weekly = data.planType === 'weekly';
  const price = formatCents(data.priceCents);
  row(t('plan'), t(weekly ? 'weekly' : 'monthly'));
  row(t('startDate'), formatCalendarDateIn(locale, data.startDate));
  row(t('price'), t(weekly ? 'priceValueWeekly' : 'priceValue', { price }));
  row(
    t('minimumTerm'),
    weekly
      ? t('minimumTermNone')
      : t('minimumTermValue', { months: data.monthsMin, total: formatCents(data.priceCents * data.monthsMin) }),
  );

  heading(t('fees'));
  bullet(
    t('feeDelivery', {
      // The free delivery comes with the monthly plan's minimum, which a weekly rental does not have.
      months: weekly ? business.minimumMonths : data.monthsMin,
      fee: formatCents(business.deliveryFeeWithoutMinimumCents),
      miles: business.freeDeliveryMiles,
    }),
  );
  if (weekly) bullet(t('feeCancellationWeekly'));
  else {
    bullet(t('feeEarlyTermination', { months: data.monthsMin, fee: formatCents(business.earlyTerminationFeeCents) }));
    bullet(t('feeCancellation', { days: business.cancellationNoticeDays }));
  }
  bullet(t('feeLate', { fee: formatCents(business.lateFeeCents), days: business.lateFeeAfterDays }));
  bullet(t('feeSuspension', { count: business.suspensionAfterFailedPayments }));

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
  heading(t('signature'));
  doc.font('Helvetica').fontSize(10).fillColor(INK).text(t('signatureText'), { width });
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
  row(t('signedBy'), data.typedName);
  row(t('signedAt'), `${formatInstant(data.signedAt, locale)} (${data.signedAt.toISOString()})`);
  row(t('boxTickedAt'), `${formatInstant(data.checkboxTimestamp, locale)} (${data.checkboxTimestamp.toISOString()})`);
  row(t('ipAddress'), data.ipAddress ?? t('notRecorded'));
  doc.moveDown(1);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`${business.name} · ${data.contact.phone} · ${data.contact.email} · ${business.area}`, { width });

  doc.end();
  return done;
}
