import type { Locale } from '@/contracts/locale';

/**
 * The templates the system sends, in English and Spanish: `templateType` is how the code finds each one, and a
 * customer's e-mail uses the template in their language (`customers.locale`), else the English one (ADR 026).
 */
export const englishSystemTemplates = [
  {
    templateType: 'order_confirmation',
    name: 'Order confirmation',
    subject: 'Your AC rental is confirmed ({{orderNumber}})',
    body:
      'Hi {{customerName}},\n\nThank you for renting with CoolRent OC. Your order {{orderNumber}} is confirmed.\n\n' +
      'Unit: {{unitModel}}\nStart date: {{startDate}}\nRate: {{rate}}\nDelivery address: {{address}}\n\n' +
      '{{deliveryPlan}} Your signed rental agreement is attached.\n\n' +
      'Manage your rental at any time: {{portalUrl}}\n\nQuestions? Call {{businessPhone}} or write to {{businessEmail}}.',
  },
  {
    templateType: 'payment_failed',
    name: 'Payment failed',
    subject: 'Action needed: your payment for {{orderNumber}} did not go through',
    body:
      'Hi {{customerName}},\n\nWe could not charge {{amount}} to your card for order {{orderNumber}}.\n\n' +
      '{{nextSteps}}\n\nTo fix your card and pay now: {{payUrl}}\nYour account: {{portalUrl}}\n\n' +
      'Need help? Call {{businessPhone}}.',
  },
  {
    templateType: 'delivery_scheduled',
    name: 'Delivery scheduled',
    subject: 'Your AC delivery is scheduled for {{deliveryDate}}',
    body:
      'Hi {{customerName}},\n\nYour portable AC for order {{orderNumber}} will be delivered and installed on ' +
      '{{deliveryDate}} between {{deliveryWindow}} at {{address}}. Please make sure a window or wall vent and a ' +
      'standard 115V outlet are accessible.\n\nTo change the date, call {{businessPhone}}.',
  },
  {
    templateType: 'visit_scheduled',
    name: 'Visit scheduled (pickup, service, swap)',
    subject: 'Your {{visitType}} is scheduled for {{visitDate}}',
    body:
      'Hi {{customerName}},\n\nOur crew will come to {{address}} on {{visitDate}} between {{visitWindow}} for ' +
      'order {{orderNumber}}: {{visitDetails}}\n\nTo change the date, call {{businessPhone}}.',
  },
  {
    templateType: 'additional_fee',
    name: 'Additional fee',
    subject: 'A fee has been added to your account',
    body:
      'Hi {{customerName}},\n\nA fee of {{amount}} has been added to your account: {{feeDescription}}.\n\n' +
      'Questions about this fee? Call {{businessPhone}} or write to {{businessEmail}}.',
  },
  {
    templateType: 'cancellation_received',
    name: 'Cancellation request received',
    subject: 'We received your cancellation request ({{orderNumber}})',
    body:
      'Hi {{customerName}},\n\nWe received your request to cancel order {{orderNumber}} effective ' +
      '{{effectiveDate}}.\n\n{{cancellationTerms}}\n\nWe will contact you to arrange pickup of the unit. ' +
      'Your account: {{portalUrl}}',
  },
  {
    templateType: 'payment_receipt',
    name: 'Payment receipt',
    subject: 'Receipt: {{amount}} paid for your AC rental ({{orderNumber}})',
    body:
      'Hi {{customerName}},\n\nThank you: we received {{amount}} on {{paidDate}} for order {{orderNumber}}.\n\n' +
      '{{lines}}\n\nYour invoices and next bill: {{portalUrl}}\n\nQuestions? Call {{businessPhone}}.',
  },
  {
    templateType: 'cancellation_decision',
    name: 'Cancellation decision',
    subject: 'Your cancellation request for {{orderNumber}} was {{decision}}',
    body:
      'Hi {{customerName}},\n\nYour request to cancel order {{orderNumber}} effective {{effectiveDate}} was ' +
      '{{decision}}.\n\n{{decisionDetails}}\n\nYour account: {{portalUrl}}\n\nQuestions? Call {{businessPhone}}.',
  },
  {
    templateType: 'service_request_received',
    name: 'Service request received',
    subject: 'We received your service request ({{orderNumber}})',
    body:
      'Hi {{customerName}},\n\nWe received your request for a service visit for order {{orderNumber}}.\n\n' +
      'What is wrong: {{problem}}\nPreferred day: {{preferredDate}}\n\nWe will call you to book a time. ' +
      'Maintenance and repairs are free. You can follow the visit in your account: {{portalUrl}}\n\n' +
      'Urgent? Call {{businessPhone}}, 24/7.',
  },
  {
    templateType: 'sign_in_link',
    name: 'Sign-in link',
    subject: 'Your sign-in link for your AC rental ({{orderNumber}})',
    body:
      'Hi {{customerName}},\n\nHere is your link to open your rental {{orderNumber}} on this device:\n\n' +
      '{{signInUrl}}\n\nIt works once, for 7 days. If you did not ask for it, you can ignore this e-mail: ' +
      'nothing changes without the link.\n\nQuestions? Call {{businessPhone}} or write to {{businessEmail}}.',
  },
  {
    templateType: 'back_in_stock',
    name: 'Back in stock',
    subject: 'The {{modelName}} is back in stock',
    body:
      'Hello,\n\nYou asked us to tell you when the {{modelName}} is back in stock: it is available again.\n\n' +
      'Rent it now: {{checkoutUrl}}\n\nUnits go to whoever checks out first, so we cannot hold one for you. ' +
      'This is the only e-mail we send about it.\n\nQuestions? Call {{businessPhone}} or write to {{businessEmail}}.',
  },
  {
    templateType: 'refund_issued',
    name: 'Refund issued',
    subject: 'We refunded {{amount}} to your card ({{orderNumber}})',
    body:
      'Hi {{customerName}},\n\nWe refunded {{amount}} of {{refundedWhat}} to the card you paid with, for order ' +
      '{{orderNumber}}.\n\nWhy: {{reason}}\n\nYour bank usually shows it within 5 to 10 business days.\n\n' +
      'Your invoices: {{portalUrl}}\n\nQuestions? Call {{businessPhone}} or write to {{businessEmail}}.',
  },
  {
    templateType: 'account_credit',
    name: 'Account credit',
    subject: 'A credit of {{amount}} was added to your account',
    body:
      'Hi {{customerName}},\n\nWe added a credit of {{amount}} to your account.\n\nWhy: {{reason}}\n\n' +
      'It comes off your next bill automatically (and the one after, if anything is left of it).\n\n' +
      'Your account: {{portalUrl}}\n\nQuestions? Call {{businessPhone}} or write to {{businessEmail}}.',
  },
  {
    templateType: 'phone_order_link',
    name: 'Order by phone: sign and pay',
    subject: 'Your AC rental {{orderNumber}}: sign and pay to confirm',
    body:
      'Hi {{customerName}},\n\nThank you for calling CoolRent OC. Here is the order we took for you on the phone:\n\n' +
      'Unit: {{unitModel}}\nStart date: {{startDate}}\nRate: {{rate}}\nDelivery address: {{address}}\n\n' +
      'To confirm it, open this link, read and sign the rental agreement and pay with your card:\n\n{{linkUrl}}\n\n' +
      'We hold the unit for you until {{heldUntil}}. After that the link stops working and the unit goes back on ' +
      'sale.\n\nQuestions? Call {{businessPhone}} or write to {{businessEmail}}.',
  },
] as const;

/** The same e-mails in Spanish (usted), with the same placeholders; the owner edits them in the Email Center. */
const spanishSystemTemplates = [
  {
    templateType: 'order_confirmation',
    name: 'Confirmación del pedido (Español)',
    subject: 'Su renta de aire acondicionado está confirmada ({{orderNumber}})',
    body:
      'Hola, {{customerName}}:\n\nGracias por rentar con CoolRent OC. Su pedido {{orderNumber}} está confirmado.\n\n' +
      'Unidad: {{unitModel}}\nFecha de inicio: {{startDate}}\nTarifa: {{rate}}\nDirección de entrega: {{address}}\n\n' +
      '{{deliveryPlan}} Adjuntamos su contrato de renta firmado.\n\n' +
      'Administre su renta en cualquier momento: {{portalUrl}}\n\n¿Preguntas? Llame al {{businessPhone}} o escriba a {{businessEmail}}.',
  },
  {
    templateType: 'payment_failed',
    name: 'Pago fallido (Español)',
    subject: 'Acción necesaria: su pago del pedido {{orderNumber}} no se procesó',
    body:
      'Hola, {{customerName}}:\n\nNo pudimos cobrar {{amount}} a su tarjeta por el pedido {{orderNumber}}.\n\n' +
      '{{nextSteps}}\n\nPara corregir su tarjeta y pagar ahora: {{payUrl}}\nSu cuenta: {{portalUrl}}\n\n' +
      '¿Necesita ayuda? Llame al {{businessPhone}}.',
  },
  {
    templateType: 'delivery_scheduled',
    name: 'Entrega programada (Español)',
    subject: 'Su entrega de aire acondicionado está programada: {{deliveryDate}}',
    body:
      'Hola, {{customerName}}:\n\nSu aire acondicionado portátil del pedido {{orderNumber}} se entregará e instalará ' +
      'el {{deliveryDate}}, entre {{deliveryWindow}}, en {{address}}. Asegúrese de que haya acceso a una ventana o ' +
      'ventila de pared y a un tomacorriente estándar de 115V.\n\nPara cambiar la fecha, llame al {{businessPhone}}.',
  },
  {
    templateType: 'visit_scheduled',
    name: 'Visita programada (Español)',
    subject: 'Su visita ({{visitType}}) está programada: {{visitDate}}',
    body:
      'Hola, {{customerName}}:\n\nNuestro equipo irá a {{address}} el {{visitDate}}, entre {{visitWindow}}, por el ' +
      'pedido {{orderNumber}}: {{visitDetails}}\n\nPara cambiar la fecha, llame al {{businessPhone}}.',
  },
  {
    templateType: 'additional_fee',
    name: 'Cargo adicional (Español)',
    subject: 'Se agregó un cargo a su cuenta',
    body:
      'Hola, {{customerName}}:\n\nSe agregó un cargo de {{amount}} a su cuenta: {{feeDescription}}.\n\n' +
      '¿Preguntas sobre este cargo? Llame al {{businessPhone}} o escriba a {{businessEmail}}.',
  },
  {
    templateType: 'cancellation_received',
    name: 'Solicitud de cancelación recibida (Español)',
    subject: 'Recibimos su solicitud de cancelación ({{orderNumber}})',
    body:
      'Hola, {{customerName}}:\n\nRecibimos su solicitud para cancelar el pedido {{orderNumber}} a partir del ' +
      '{{effectiveDate}}.\n\n{{cancellationTerms}}\n\nNos comunicaremos con usted para programar la recolección ' +
      'de la unidad. Su cuenta: {{portalUrl}}',
  },
  {
    templateType: 'payment_receipt',
    name: 'Recibo de pago (Español)',
    subject: 'Recibo: {{amount}} pagado por su renta de aire acondicionado ({{orderNumber}})',
    body:
      'Hola, {{customerName}}:\n\nGracias: recibimos {{amount}} el {{paidDate}} por el pedido {{orderNumber}}.\n\n' +
      '{{lines}}\n\nSus facturas y su próximo cobro: {{portalUrl}}\n\n¿Preguntas? Llame al {{businessPhone}}.',
  },
  {
    templateType: 'cancellation_decision',
    name: 'Respuesta a la cancelación (Español)',
    subject: 'Respuesta a su solicitud de cancelación del pedido {{orderNumber}}: {{decision}}',
    body:
      'Hola, {{customerName}}:\n\nSu solicitud para cancelar el pedido {{orderNumber}} a partir del {{effectiveDate}} ' +
      'tiene esta respuesta: {{decision}}.\n\n{{decisionDetails}}\n\nSu cuenta: {{portalUrl}}\n\n' +
      '¿Preguntas? Llame al {{businessPhone}}.',
  },
  {
    templateType: 'service_request_received',
    name: 'Solicitud de servicio recibida (Español)',
    subject: 'Recibimos su solicitud de servicio ({{orderNumber}})',
    body:
      'Hola, {{customerName}}:\n\nRecibimos su solicitud de una visita de servicio para el pedido {{orderNumber}}.\n\n' +
      'Qué falla: {{problem}}\nDía preferido: {{preferredDate}}\n\nLe llamaremos para reservar un horario. ' +
      'El mantenimiento y las reparaciones son gratis. Puede seguir la visita en su cuenta: {{portalUrl}}\n\n' +
      '¿Es urgente? Llame al {{businessPhone}}, 24/7.',
  },
  {
    templateType: 'sign_in_link',
    name: 'Enlace para entrar (Español)',
    subject: 'Su enlace para entrar a su renta de aire acondicionado ({{orderNumber}})',
    body:
      'Hola, {{customerName}}:\n\nEste es su enlace para abrir su renta {{orderNumber}} en este dispositivo:\n\n' +
      '{{signInUrl}}\n\nFunciona una vez, durante 7 días. Si usted no lo pidió, puede ignorar este correo: ' +
      'nada cambia sin el enlace.\n\n¿Preguntas? Llame al {{businessPhone}} o escriba a {{businessEmail}}.',
  },
  {
    templateType: 'back_in_stock',
    name: 'De nuevo disponible (Español)',
    subject: 'El {{modelName}} está disponible de nuevo',
    body:
      'Hola:\n\nNos pidió avisarle cuando el {{modelName}} estuviera disponible: ya lo está.\n\n' +
      'Réntelo ahora: {{checkoutUrl}}\n\nLas unidades son para quien complete la compra primero, así que no podemos ' +
      'apartarle una. Este es el único correo que le enviaremos sobre esto.\n\n¿Preguntas? Llame al {{businessPhone}} ' +
      'o escriba a {{businessEmail}}.',
  },
  {
    templateType: 'refund_issued',
    name: 'Reembolso (Español)',
    subject: 'Le reembolsamos {{amount}} a su tarjeta ({{orderNumber}})',
    body:
      'Hola, {{customerName}}:\n\nLe reembolsamos {{amount}} de {{refundedWhat}} a la tarjeta con la que pagó, ' +
      'por el pedido {{orderNumber}}.\n\nMotivo: {{reason}}\n\nSu banco suele mostrarlo en un plazo de 5 a 10 ' +
      'días hábiles.\n\nSus facturas: {{portalUrl}}\n\n¿Preguntas? Llame al {{businessPhone}} o escriba a {{businessEmail}}.',
  },
  {
    templateType: 'account_credit',
    name: 'Crédito en su cuenta (Español)',
    subject: 'Se agregó un crédito de {{amount}} a su cuenta',
    body:
      'Hola, {{customerName}}:\n\nAgregamos un crédito de {{amount}} a su cuenta.\n\nMotivo: {{reason}}\n\n' +
      'Se descuenta automáticamente de su próximo cobro (y del siguiente, si queda algo).\n\n' +
      'Su cuenta: {{portalUrl}}\n\n¿Preguntas? Llame al {{businessPhone}} o escriba a {{businessEmail}}.',
  },
  {
    templateType: 'phone_order_link',
    name: 'Pedido por teléfono: firmar y pagar (Español)',
    subject: 'Su renta de aire acondicionado {{orderNumber}}: firme y pague para confirmarla',
    body:
      'Hola, {{customerName}}:\n\nGracias por llamar a CoolRent OC. Este es el pedido que tomamos por teléfono:\n\n' +
      'Unidad: {{unitModel}}\nFecha de inicio: {{startDate}}\nTarifa: {{rate}}\nDirección de entrega: {{address}}\n\n' +
      'Para confirmarlo, abra este enlace, lea y firme el contrato de renta y pague con su tarjeta:\n\n{{linkUrl}}\n\n' +
      'Le apartamos la unidad hasta el {{heldUntil}}. Después, el enlace deja de funcionar y la unidad vuelve a estar ' +
      'a la venta.\n\n¿Preguntas? Llame al {{businessPhone}} o escriba a {{businessEmail}}.',
  },
] as const;

export const systemEmailTemplates = [
  ...englishSystemTemplates.map((template) => ({ ...template, locale: 'en' as Locale })),
  ...spanishSystemTemplates.map((template) => ({ ...template, locale: 'es' as Locale })),
] as const;
