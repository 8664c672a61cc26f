import type { contact as en } from '../en/contact';
import type { Catalog } from '../types';

export const contact = {
  documentTitle: 'Contacto',
  title: 'Contáctenos',
  lead: '¿Preguntas sobre una renta, la entrega o su unidad? Estamos para ayudarle.',
  reachTitle: 'Comuníquese con nosotros',
  loadingDetails: 'Cargando datos de contacto...',
  detailsFailed: 'No se pudieron cargar el teléfono ni el correo electrónico.',
  officeHours: 'Horario de oficina: {{hours}}',
  area: 'Orange County y el sur de Los Ángeles',
  support: 'El soporte técnico está disponible 24/7.',
  customersTitle: 'Clientes actuales',
  customersText:
    'Consulte su renta, su próxima factura y los detalles de entrega, o solicite una cancelación, en su cuenta de renta.',
  accessAccount: 'Entrar a su cuenta de renta',
  messageTitle: 'Envíenos un mensaje',
  messageLead: 'Respondemos por correo electrónico o por teléfono en un día hábil.',
  form: {
    name: 'Nombre',
    email: 'Correo electrónico',
    phone: 'Teléfono (opcional)',
    message: 'Mensaje',
    send: 'Enviar mensaje',
    sending: 'Enviando...',
    sendAnother: 'Enviar otro mensaje',
  },
} satisfies Catalog<typeof en>;
