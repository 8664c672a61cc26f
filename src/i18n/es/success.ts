import type { success as en } from '../en/success';
import type { Catalog } from '../types';

export const success = {
  documentTitleConfirmed: 'Renta confirmada',
  documentTitleConfirming: 'Confirmando su renta',
  notFoundTitle: 'No encontramos ese pedido',
  notFoundText:
    'Si ya pagó, su correo de confirmación tiene su número de pedido; puede abrir su renta desde <anchor>Entrar a su cuenta de renta</anchor>.',
  confirming: 'Confirmando su pago...',
  pendingTitle: 'Todavía estamos confirmando su pago',
  pendingText:
    'Esto está tardando más de lo normal. Su número de pedido es <order>{{orderNumber}}</order>; le enviaremos un correo en cuanto se confirme el pago. Por favor, no pague de nuevo.',
  expiredTitle: 'Este pedido no se completó',
  expiredText: 'Se acabó el tiempo para pagar y no se hizo ningún cargo. <anchor>Iniciar una nueva renta</anchor>.',
  confirmedTitle: '¡Renta confirmada!',
  orderNumber: 'Número de pedido <order>{{orderNumber}}</order>',
  detailsTitle: 'Detalles del pedido',
  plan: 'Plan',
  monthly: 'Mensual',
  weekly: 'Semanal',
  btuTier: 'Nivel de BTU',
  unit: 'Unidad',
  startDate: 'Fecha de inicio',
  delivery: 'Entrega',
  tbd: 'Por confirmar',
  rate: 'Tarifa',
  perMonth: '{{amount}}/mes',
  minimumTerm: 'Plazo mínimo',
  months: '{{months}} meses',
  deliveryAddress: 'Dirección de entrega',
  customer: 'Cliente',
  buildingNotes: 'Notas del edificio',
  privacy:
    'Para proteger su privacidad, los detalles del pedido solo se muestran en el navegador con el que hizo el pedido. Inicie sesión en su cuenta para verlos.',
  nextTitle: '¿Qué sigue?',
  next: {
    schedulingTitle: 'Programación de la entrega',
    schedulingText: 'Le llamaremos dentro de las próximas 24 horas para programar la entrega.',
    bookedTitle: 'Entrega programada',
    bookedText: 'El {{day}}, entre {{hours}}, entregaremos e instalaremos su unidad.',
    setupTitle: 'Instalación de la unidad',
    setupText: 'Entrega e instalación en 1 a 2 días hábiles.',
    setupBookedText: 'Nuestro equipo instala la unidad en la misma visita de entrega.',
    documentsTitle: 'Documentación',
    documentsText: 'Le enviamos de inmediato por correo su confirmación y el contrato firmado.',
  },
  accessAccount: 'Entrar a mi cuenta',
  openAccount:
    'Abra su cuenta con el enlace de su correo de confirmación, o con su número de pedido y su correo electrónico.',
  supportTitle: '¿Preguntas? Estamos disponibles 24/7.',
} satisfies Catalog<typeof en>;
