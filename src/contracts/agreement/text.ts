import type { PlanType } from '../admin/orders';
import { business } from '../business';
import { formatCents, formatCount } from '../money';
import type { SiteInfo } from '../site';
import { DEFAULT_LOCALE, type Locale } from '../locale';

/**
 * The rental agreement (spec sections 2 and 9) as data, in English and Spanish: the web shows it on /terms and at
 * checkout, the server records it as HTML and typesets it into the signed PDF in the language it was signed in
 * (`agreements.locale`). This file is the ONE place the clauses live. Changing any word here means a new version.
 * English is the source (the spec's texts verbatim, but for the bill dates: version 1.1 says
 * the first month is paid at checkout and rent renews on the start date's day, ADR 012 addendum); the Spanish text
 * says the same, clause for clause. Signed agreements keep the HTML and PDF they were signed with.
 */
export const AGREEMENT_VERSION = '1.1';

export type TermsBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };
export interface TermsSection {
  title: string;
  blocks: TermsBlock[];
}

const money = (cents: number) => formatCents(cents, { wholeDollars: true });
const monthly = money(business.monthlyPriceCents);
const minimumTotal = money(business.monthlyPriceCents * business.minimumMonths);
const deliveryFee = money(business.deliveryFeeWithoutMinimumCents);
const earlyTerminationFee = money(business.earlyTerminationFeeCents);
const lateFee = money(business.lateFeeCents);
const minimumBtu = formatCount(business.minimumBtu);
const months = business.minimumMonths;

const paragraph = (text: string): TermsBlock => ({ kind: 'paragraph', text });
const list = (...items: string[]): TermsBlock => ({ kind: 'list', items });

const summaryEn: readonly string[] = [
  `Monthly rental at ${formatCents(business.monthlyPriceCents)} per month: the first month, from your start date, is charged to your card at checkout; after that, on the same day of each month as your start date.`,
  `Minimum commitment of ${months} months (${formatCents(business.monthlyPriceCents * months)}) for free delivery and installation; without it a ${formatCents(business.deliveryFeeWithoutMinimumCents)} delivery and installation fee applies.`,
  `Free delivery within ${business.freeDeliveryMiles} miles, 24/7 support, free maintenance and repairs, and free pickup at the end of the rental.`,
  `Ending before ${months} months costs a ${formatCents(business.earlyTerminationFeeCents)} early termination fee; after that, cancel any time with ${business.cancellationNoticeDays} days’ notice.`,
  `A ${formatCents(business.lateFeeCents)} late fee applies to payments more than ${business.lateFeeAfterDays} days overdue; service may be suspended after ${business.suspensionAfterFailedPayments} failed payments.`,
  'You are responsible for damage to the unit beyond normal wear and tear while it is in your care.',
  `This agreement is governed by the laws of the State of ${business.governingLaw}.`,
];

/**
 * A weekly rental's summary (issue 29): the monthly one, clause for clause, with the weekly plan's rate, term and
 * cancellation (contracts/cancellation.ts holds the same rule); the full terms are the same for both plans.
 */
const weeklySummaryEn: readonly string[] = [
  'Weekly rental at the weekly rate shown in our catalog: the first week, from your start date, is charged to your card at checkout; after that, every 7 days.',
  `No minimum term. Free delivery and installation come with the monthly plan’s ${months}-month minimum; a weekly rental pays a one-time ${formatCents(business.deliveryFeeWithoutMinimumCents)} delivery and installation fee.`,
  summaryEn[2]!,
  'No early termination fee: cancel any time, and the rental ends at the end of the week you have paid for (your next bill date), with no further charge.',
  ...summaryEn.slice(4),
];

function termsEn(contact?: SiteInfo): TermsSection[] {
  return [
    {
      title: 'Overview',
      blocks: [
        paragraph(
          `This Rental Agreement (the “Agreement”) is between ${business.name} (“we”, “us”) and the customer named at checkout (“you”). It covers the rental of a portable air-conditioning unit and its accessories (the “Unit”) delivered to an address in Orange County or South Los Angeles. By ticking the agreement box at checkout and completing payment you accept this Agreement, version ${AGREEMENT_VERSION}.`,
        ),
      ],
    },
    {
      title: 'Rental Terms',
      blocks: [
        list(
          `The monthly plan costs ${monthly} per month for each Unit, charged in advance: the first month, which runs from the start date, at checkout, and each following month on the same day of the month as the start date (the last day of a shorter month). Every Unit delivers at least ${minimumBtu} BTU of cooling.`,
          `The minimum commitment is ${months} months (${minimumTotal} in total). With it, delivery and installation are free; a rental without the minimum commitment pays a one-time ${deliveryFee} delivery and installation fee.`,
          'After the minimum term the rental continues month to month until it is cancelled as set out below.',
          'Weekly rentals, where we offer them, have no minimum term and are charged each week at the weekly rate shown in our catalog.',
          'The Unit remains our property at all times. Service is not available in undergraduate university dorms whose housing policies do not allow portable air conditioners.',
        ),
      ],
    },
    {
      title: 'Equipment Responsibility',
      blocks: [
        list(
          'Use the Unit only indoors at the delivery address, plugged directly into a standard 115V outlet, with its exhaust hose vented through a window or wall and its condensate drained as we show you at installation.',
          'Do not open, modify or repair the Unit, move it to another address, or lend or sublet it without our written consent.',
          'Tell us promptly if the Unit stops working. Maintenance and repairs needed because of normal wear are free.',
          'You are responsible for loss, theft or damage beyond normal wear and tear while the Unit is in your care. We may charge the reasonable cost of repair or replacement as an additional fee.',
        ),
      ],
    },
    {
      title: 'Delivery and Installation',
      blocks: [
        list(
          `Delivery is free within ${business.freeDeliveryMiles} miles. For addresses farther away we tell you any extra charge before delivery is scheduled.`,
          'We contact you to schedule delivery after your order is confirmed. An adult must be present to give access and sign for the Unit.',
          'You provide adequate space for the Unit, a window or wall opening for venting, access for condensate drainage and a standard 115V outlet nearby.',
          'Pickup at the end of the rental is free.',
        ),
      ],
    },
    {
      title: 'Cancellation and Termination',
      blocks: [
        list(
          `If you end the rental before completing the ${months}-month minimum, an early termination fee of ${earlyTerminationFee} applies.`,
          `After the ${months}-month minimum you may cancel at any time with ${business.cancellationNoticeDays} days’ notice. Monthly charges continue until the end of the notice period.`,
          'You can request cancellation from your rental account or by contacting us.',
          'We may end this Agreement if you break it, including by not paying. When the rental ends for any reason you must make the Unit available for pickup in the condition it was delivered, apart from normal wear.',
        ),
      ],
    },
    {
      title: 'Payment Terms',
      blocks: [
        list(
          'Rental charges are billed automatically to the payment card you give at checkout, through our payment provider. You can update your card from your rental account.',
          `A late fee of ${lateFee} applies when a payment is more than ${business.lateFeeAfterDays} days overdue.`,
          `After ${business.suspensionAfterFailedPayments} failed payments we may suspend service and collect the Unit.`,
          'Additional fees, such as for damage, a lost Unit or a late return, are invoiced separately and explained to you before they are charged.',
          'All amounts are in US dollars.',
        ),
      ],
    },
    {
      title: 'Liability',
      blocks: [
        paragraph(
          'We deliver, install and maintain the Unit with reasonable care. To the extent the law allows, we are not liable for indirect or consequential loss, or for damage caused by using the Unit other than as this Agreement and our instructions describe (for example, water damage from condensate that was not drained). Our total liability under this Agreement is limited to the rental charges you paid under it. Nothing in this Agreement limits any liability or any consumer right that cannot be limited under California law.',
        ),
      ],
    },
    {
      title: 'Contact',
      blocks: [
        paragraph(
          `For support, maintenance, billing questions or cancellation, contact ${business.name}. Support is available 24/7; our office hours are ${business.officeHours}. Service area: Orange County and South Los Angeles.`,
        ),
        ...(contact ? [paragraph(`Phone: ${contact.phone} · E-mail: ${contact.email}`)] : []),
      ],
    },
    {
      title: 'Modifications',
      blocks: [
        paragraph(
          `We may update this Agreement. We tell you of any change by e-mail before it takes effect, and a change never applies to a rental period you have already paid for. Any other change to this Agreement must be agreed in writing. This Agreement is governed by the laws of the State of ${business.governingLaw}. Agreement version ${AGREEMENT_VERSION}.`,
        ),
      ],
    },
  ];
}

const summaryEs: readonly string[] = [
  `Renta mensual de ${formatCents(business.monthlyPriceCents)} al mes: el primer mes, desde su fecha de inicio, se cobra a su tarjeta al pagar; después, el mismo día de cada mes que su fecha de inicio.`,
  `Compromiso mínimo de ${months} meses (${formatCents(business.monthlyPriceCents * months)}) para entrega e instalación gratis; sin él se cobra una tarifa de entrega e instalación de ${formatCents(business.deliveryFeeWithoutMinimumCents)}.`,
  `Entrega gratis dentro de ${business.freeDeliveryMiles} millas, soporte 24/7, mantenimiento y reparaciones gratis, y recolección gratis al terminar la renta.`,
  `Terminar antes de ${months} meses cuesta una tarifa por terminación anticipada de ${formatCents(business.earlyTerminationFeeCents)}; después, puede cancelar cuando quiera con ${business.cancellationNoticeDays} días de aviso.`,
  `Se cobra un cargo por pago tardío de ${formatCents(business.lateFeeCents)} a los pagos con más de ${business.lateFeeAfterDays} días de atraso; el servicio puede suspenderse después de ${business.suspensionAfterFailedPayments} pagos fallidos.`,
  'Usted es responsable de los daños a la unidad más allá del desgaste normal mientras esté bajo su cuidado.',
  `Este contrato se rige por las leyes del Estado de ${business.governingLaw}.`,
];

const weeklySummaryEs: readonly string[] = [
  'Renta semanal con la tarifa semanal que muestra nuestro catálogo: la primera semana, desde su fecha de inicio, se cobra a su tarjeta al pagar; después, cada 7 días.',
  `Sin plazo mínimo. La entrega y la instalación gratis vienen con el mínimo de ${months} meses del plan mensual; una renta semanal paga una tarifa única de entrega e instalación de ${formatCents(business.deliveryFeeWithoutMinimumCents)}.`,
  summaryEs[2]!,
  'Sin tarifa por terminación anticipada: puede cancelar cuando quiera, y la renta termina al final de la semana que ya pagó (su próxima fecha de cobro), sin más cargos.',
  ...summaryEs.slice(4),
];

function termsEs(contact?: SiteInfo): TermsSection[] {
  return [
    {
      title: 'Resumen',
      blocks: [
        paragraph(
          `Este Contrato de Renta (el “Contrato”) se celebra entre ${business.name} (“nosotros”) y el cliente nombrado al pagar (“usted”). Cubre la renta de una unidad portátil de aire acondicionado y sus accesorios (la “Unidad”) entregada en una dirección del Condado de Orange o del Sur de Los Ángeles. Al marcar la casilla del contrato al pagar y completar el pago, usted acepta este Contrato, versión ${AGREEMENT_VERSION}.`,
        ),
      ],
    },
    {
      title: 'Condiciones de la renta',
      blocks: [
        list(
          `El plan mensual cuesta ${monthly} al mes por cada Unidad, cobrado por adelantado: el primer mes, que empieza en la fecha de inicio, al pagar, y cada mes siguiente el mismo día del mes que la fecha de inicio (el último día de un mes más corto). Cada Unidad ofrece al menos ${minimumBtu} BTU de enfriamiento.`,
          `El compromiso mínimo es de ${months} meses (${minimumTotal} en total). Con él, la entrega y la instalación son gratis; una renta sin el compromiso mínimo paga una tarifa única de entrega e instalación de ${deliveryFee}.`,
          'Después del plazo mínimo, la renta continúa mes a mes hasta que se cancele como se indica abajo.',
          'Las rentas semanales, donde las ofrecemos, no tienen plazo mínimo y se cobran cada semana con la tarifa semanal que muestra nuestro catálogo.',
          'La Unidad sigue siendo de nuestra propiedad en todo momento. El servicio no está disponible en residencias universitarias de pregrado cuyas normas de vivienda no permiten aires acondicionados portátiles.',
        ),
      ],
    },
    {
      title: 'Responsabilidad por el equipo',
      blocks: [
        list(
          'Use la Unidad solo en interiores en la dirección de entrega, conectada directamente a un tomacorriente estándar de 115V, con su manguera de escape ventilada por una ventana o pared y el agua de condensación drenada como le mostramos en la instalación.',
          'No abra, modifique ni repare la Unidad, no la lleve a otra dirección, ni la preste o subarriende sin nuestro consentimiento por escrito.',
          'Avísenos de inmediato si la Unidad deja de funcionar. El mantenimiento y las reparaciones necesarios por el desgaste normal son gratis.',
          'Usted es responsable de la pérdida, el robo o los daños más allá del desgaste normal mientras la Unidad esté bajo su cuidado. Podemos cobrar el costo razonable de reparación o reemplazo como cargo adicional.',
        ),
      ],
    },
    {
      title: 'Entrega e instalación',
      blocks: [
        list(
          `La entrega es gratis dentro de ${business.freeDeliveryMiles} millas. Para direcciones más lejanas le informamos cualquier cargo adicional antes de programar la entrega.`,
          'Nos comunicamos con usted para programar la entrega después de confirmar su pedido. Un adulto debe estar presente para dar acceso y firmar de recibido la Unidad.',
          'Usted proporciona espacio adecuado para la Unidad, una abertura en ventana o pared para la ventilación, acceso para drenar la condensación y un tomacorriente estándar de 115V cercano.',
          'La recolección al terminar la renta es gratis.',
        ),
      ],
    },
    {
      title: 'Cancelación y terminación',
      blocks: [
        list(
          `Si termina la renta antes de completar el mínimo de ${months} meses, se aplica una tarifa por terminación anticipada de ${earlyTerminationFee}.`,
          `Después del mínimo de ${months} meses puede cancelar en cualquier momento con ${business.cancellationNoticeDays} días de aviso. Los cargos mensuales continúan hasta el final del periodo de aviso.`,
          'Puede solicitar la cancelación desde su cuenta de renta o comunicándose con nosotros.',
          'Podemos terminar este Contrato si usted lo incumple, incluso por falta de pago. Cuando la renta termine por cualquier motivo, usted debe tener la Unidad disponible para recolección en las condiciones en que se entregó, salvo el desgaste normal.',
        ),
      ],
    },
    {
      title: 'Condiciones de pago',
      blocks: [
        list(
          'Los cargos de la renta se cobran automáticamente a la tarjeta que usted da al pagar, a través de nuestro proveedor de pagos. Puede actualizar su tarjeta desde su cuenta de renta.',
          `Se cobra un cargo por pago tardío de ${lateFee} cuando un pago tiene más de ${business.lateFeeAfterDays} días de atraso.`,
          `Después de ${business.suspensionAfterFailedPayments} pagos fallidos podemos suspender el servicio y recoger la Unidad.`,
          'Los cargos adicionales, como por daños, una Unidad perdida o una devolución tardía, se facturan por separado y se le explican antes de cobrarlos.',
          'Todos los montos están en dólares estadounidenses.',
        ),
      ],
    },
    {
      title: 'Responsabilidad',
      blocks: [
        paragraph(
          'Entregamos, instalamos y damos mantenimiento a la Unidad con cuidado razonable. En la medida en que la ley lo permita, no somos responsables de pérdidas indirectas o consecuentes, ni de daños causados por usar la Unidad de forma distinta a como lo describen este Contrato y nuestras instrucciones (por ejemplo, daños por agua de condensación que no se drenó). Nuestra responsabilidad total bajo este Contrato se limita a los cargos de renta que usted pagó bajo él. Nada en este Contrato limita ninguna responsabilidad ni ningún derecho del consumidor que no pueda limitarse bajo las leyes de California.',
        ),
      ],
    },
    {
      title: 'Contacto',
      blocks: [
        paragraph(
          `Para soporte, mantenimiento, preguntas de facturación o cancelación, comuníquese con ${business.name}. El soporte está disponible 24/7; nuestro horario de oficina es de lunes a viernes de 8 a.m. a 8 p.m. Área de servicio: Condado de Orange y Sur de Los Ángeles.`,
        ),
        ...(contact ? [paragraph(`Teléfono: ${contact.phone} · Correo electrónico: ${contact.email}`)] : []),
      ],
    },
    {
      title: 'Modificaciones',
      blocks: [
        paragraph(
          `Podemos actualizar este Contrato. Le avisamos de cualquier cambio por correo electrónico antes de que entre en vigor, y un cambio nunca se aplica a un periodo de renta que usted ya pagó. Cualquier otro cambio a este Contrato debe acordarse por escrito. Este Contrato se rige por las leyes del Estado de ${business.governingLaw}. Versión del contrato ${AGREEMENT_VERSION}.`,
        ),
      ],
    },
  ];
}

/** The agreement's headings, in the same language as its clauses. */
const headings: Record<Locale, { summaryTitle: string; title: string }> = {
  en: { summaryTitle: 'Rental Agreement Summary', title: 'Rental Agreement' },
  es: { summaryTitle: 'Resumen del contrato de renta', title: 'Contrato de renta' },
};

export interface AgreementClauses {
  locale: Locale;
  /** "Rental Agreement Summary" / "Resumen del contrato de renta". */
  summaryTitle: string;
  /** "Rental Agreement" / "Contrato de renta". */
  title: string;
  /** The key terms of the order's plan, shown above the agreement box and first in the recorded agreement. */
  summary: readonly string[];
  /** The full terms; the Contact section names the phone and e-mail when they are known. */
  terms: TermsSection[];
}

/** The whole agreement in one language and the order's plan's summary: what checkout shows and the PDF typesets. */
export function agreementClauses(
  locale: Locale = DEFAULT_LOCALE,
  planType: PlanType = 'monthly',
  contact?: SiteInfo,
): AgreementClauses {
  const weekly = planType === 'weekly';
  return locale === 'es'
    ? { locale, ...headings.es, summary: weekly ? weeklySummaryEs : summaryEs, terms: termsEs(contact) }
    : { locale: 'en', ...headings.en, summary: weekly ? weeklySummaryEn : summaryEn, terms: termsEn(contact) };
}

/** The full terms in a language (English unless told); the Contact section names the phone and e-mail when known. */
export function agreementTerms(contact?: SiteInfo, locale: Locale = DEFAULT_LOCALE): TermsSection[] {
  return agreementClauses(locale, 'monthly', contact).terms;
}
