import type { rentals as en } from '../en/rentals';
import type { Catalog } from '../types';

export const rentals = {
  monthly: {
    title: 'Renta mensual',
    lead: 'Nuestro plan estándar: un solo precio mensual, con entrega e instalación, y soporte cuando lo necesite.',
    planTitle: 'Renta mensual de aire acondicionado',
    details: {
      price: '{{monthly}} al mes por cada unidad, cobrado mensualmente a su tarjeta',
      btu: 'Cada unidad ofrece al menos {{btu}} BTU',
      minimum:
        'Mínimo de {{months}} meses ({{total}} en total) para entrega e instalación gratis; si no, un cargo de {{fee}}',
      delivery: 'Entrega gratis dentro de {{miles}} millas y recolección gratis al final',
      support: 'Soporte 24/7 con mantenimiento y reparaciones gratis',
      cancel:
        'Después de {{months}} meses, cancele en cualquier momento con {{days}} días de aviso (cargo por terminación anticipada de {{fee}} antes de eso)',
    },
    start: 'Iniciar renta mensual',
    readAgreement: 'Leer el contrato de renta',
    questions:
      'Damos servicio en Orange County y el sur de Los Ángeles. ¿Preguntas? Nuestra oficina abre {{hours}}; vea <anchor>Contacto</anchor>.',
  },
  weekly: {
    title: 'Renta semanal',
    lead: '¿Necesita aire fresco para una ola de calor, una visita o un evento? Rente por semana, sin mínimo.',
    pricesTitle: 'Precios semanales',
    howTitle: 'Cómo reservar',
    how: 'El pedido en línea es para el plan mensual. Las rentas semanales se organizan por teléfono: llámenos o escríbanos por correo y le confirmaremos la disponibilidad, la entrega y el total para sus fechas.',
    longer: '¿Se queda más tiempo? El <anchor>plan mensual</anchor> le conviene más.',
  },
} satisfies Catalog<typeof en>;
