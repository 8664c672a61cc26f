import type { pay as en } from '../en/pay';
import type { Catalog } from '../types';

export const pay = {
  documentTitle: 'Pago',
  documentTitlePortal: 'Actualizar método de pago',
  loading: 'Cargando la página de pago...',
  secure: 'Pago seguro',
  notFoundTitle: 'No se encontró la página de pago',
  notFoundText: 'Este enlace de pago no es válido.',
  cardUpdated: 'Tarjeta actualizada',
  paymentComplete: 'Pago completado',
  continue: 'Continuar',
  expiredTitle: 'Esta página de pago venció',
  expiredText: 'No se hizo ningún cargo.',
  startAgain: 'Empezar de nuevo',
  updateTitle: 'Actualizar método de pago',
  payTitle: 'Pagar {{amount}}',
  perMonth: '{{amount}} al mes',
  oneTimeItem: '{{description}}: {{amount}}, con el primer mes',
  cardOnFile: 'Tarjeta registrada: <brand>{{brand}}</brand> terminada en {{last4}}',
  testNotice:
    'Página de pago de prueba: no se cobra a ninguna tarjeta real. Pague con <card>4242 4242 4242 4242</card>; <card>4000 0000 0000 0002</card> se rechaza.',
  cardNumber: 'Número de tarjeta',
  expiry: 'Vencimiento (MM / AA)',
  expiryPlaceholder: 'MM / AA',
  cvc: 'CVC',
  nameOnCard: 'Nombre en la tarjeta',
  processing: 'Procesando...',
  saveCard: 'Guardar tarjeta',
  payAmount: 'Pagar {{amount}}',
  cancelPortal: 'Cancelar y volver a su cuenta',
  cancelCheckout: 'Cancelar y volver al pedido',
  descriptions: {
    monthly: 'Renta mensual de aire acondicionado ({{order}})',
    delivery: 'Entrega ({{distance}} de nuestro almacén)',
    updateCard: 'Actualice su método de pago',
  },
} satisfies Catalog<typeof en>;
