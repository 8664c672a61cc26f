/** The same e-mails in Spanish (usted), with the same placeholders; the owner edits them in the Email Center. */
export const spanishSystemTemplates = [
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
    templateType: 'waitlist_joined',
    name: 'Lista de espera: inscrito (Español)',
    subject: 'Usted es el número {{position}} en la lista de espera del {{modelName}}',
    body:
      'Hola:\n\nUsted es el número {{position}} en la lista de espera del {{modelName}}. Cuando haya una unidad libre y ' +
      'sea su turno, le enviaremos un enlace personal que se la aparta por unas horas. Mientras tanto no tiene que ' +
      'hacer nada.\n\nPara salir de la lista de espera: {{leaveUrl}}\n\n¿Preguntas? Llame al {{businessPhone}} o ' +
      'escriba a {{businessEmail}}.',
  },
  {
    templateType: 'waitlist_offer',
    name: 'Lista de espera: su unidad está apartada (Español)',
    subject: 'Le apartamos un {{modelName}} hasta el {{heldUntil}}',
    body:
      'Hola:\n\nEs su turno: le apartamos un {{modelName}} por {{offerHours}} horas, hasta el {{heldUntil}}.\n\n' +
      'Réntelo aquí, con este correo electrónico: {{offerUrl}}\n\nEl enlace es solo para usted. Si no lo usa antes ' +
      'de esa hora, la unidad pasa a la siguiente persona de la lista.\n\n¿Ya no la necesita? Salga de la lista: ' +
      '{{leaveUrl}}\n\n¿Preguntas? Llame al {{businessPhone}} o escriba a {{businessEmail}}.',
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
