import type { emails as en } from '../en/emails';
import type { Catalog } from '../types';

export const emails = {
  rateMonthly:
    '{{price}} al mes (mínimo de {{months}} meses). Su primer mes está pagado; su próximo cobro es el {{nextBill}} y después el mismo día de cada mes.',
  rateWeekly:
    '{{price}} a la semana (sin plazo mínimo). Su primera semana está pagada; su próximo cobro es el {{nextBill}} y después cada 7 días.',
  period: 'del {{start}} al {{end}}',
  dunning: {
    suspended: 'Su servicio está suspendido hasta que se haga este pago.',
    nextFails: 'Si el próximo intento también falla, su servicio se suspenderá (después de {{count}} pagos fallidos).',
    tryAgain: 'Volveremos a intentar el cobro a su tarjeta el {{date}}.',
    lateFee:
      'Si sigue sin pagarse después del {{date}}, se agrega un cargo por pago tardío de {{fee}}, como indica su contrato de renta.',
    feesAfterEnd:
      'Esta factura es por cargos de su renta, cobrados aparte porque ya no queda un cobro mensual que los incluya.',
  },
  receipt: {
    line: '{{what}}: {{amount}}',
    rent: 'Renta mensual, {{period}}',
    weeklyRent: 'Renta semanal, {{period}}',
    fee: 'Cargo: {{description}}',
    charge: 'Cargo',
    credit: 'Crédito de su cuenta aplicado',
    total: 'Total pagado: {{amount}}',
  },
  moneyBack: {
    invoice: 'su pago {{period}}',
    fee: 'el cargo "{{description}}"',
    payment: 'su pago del {{date}}',
  },
  cancellation: {
    earlyTermination:
      'Como esta fecha está dentro de su plazo mínimo de {{months}} meses, se aplica una tarifa por terminación anticipada de {{fee}}.',
    notice:
      'Esta fecha da los {{days}} días de aviso requeridos después de su plazo mínimo; no se aplica tarifa por terminación anticipada.',
    endOfPaidWeek:
      'Su renta semanal termina al final de la semana que ya pagó; no se aplica tarifa por terminación anticipada y no se cobra nada más.',
  },
  decision: {
    approved: 'aprobada',
    declined: 'rechazada',
    approvedDetails:
      'Su renta termina el {{date}} y los cobros se detienen ese día. Nos comunicaremos con usted para programar la recolección de la unidad.',
    feeOnFinalInvoice:
      'Como esta fecha está dentro de su plazo mínimo de {{months}} meses, se cobra una tarifa por terminación anticipada de {{fee}} a su tarjeta registrada.',
    declinedDetails: 'Su renta continúa como antes.',
    teamNote: 'Nota de nuestro equipo: {{note}}',
  },
  visits: {
    types: {
      delivery: 'entrega',
      pickup: 'recolección',
      service: 'visita de servicio',
      swap: 'cambio de unidad',
    },
    serial: ' (unidad {{serial}})',
    problem: ' (nos dijo: {{problem}})',
    pickup: 'recogeremos su {{model}}{{serial}}. Por favor, déjelo desconectado y con la bandeja de agua vacía.',
    service: 'una visita de servicio para su {{model}}{{problem}}.',
    swap: 'le llevaremos un {{model}} de reemplazo y nos llevaremos la unidad actual{{serial}}.',
    delivery: 'entregaremos e instalaremos su {{model}}.',
  },
} satisfies Catalog<typeof en>;
