import type { common as en } from '../en/common';
import type { Catalog } from '../types';

export const common = {
  skipToContent: 'Saltar al contenido principal',
  nav: {
    main: 'Principal',
    catalog: 'Catálogo',
    pricing: 'Precios',
    serviceArea: 'Zona de servicio',
    faq: 'Preguntas frecuentes',
    rentNow: 'Rentar ahora',
    openMenu: 'Abrir menú',
    menu: 'Menú',
  },
  language: {
    switchTo: 'View in English',
    label: 'Idioma',
  },
  homeTitle: '{{name}} · Renta de aires acondicionados portátiles desde {{monthly}}/mes',
  ui: {
    loading: 'Cargando...',
    close: 'Cerrar',
    dialogMessages: 'Avisos',
    tryAgain: 'Intentar de nuevo',
    retrying: 'Reintentando...',
    phone: 'Teléfono',
    email: 'Correo electrónico',
    perMonth: '/mes',
    perWeek: '/semana',
    downloadAgreement: 'Descargar contrato',
    agreementUnavailable: 'El PDF del contrato no está disponible',
    agreement: {
      title: 'Resumen del contrato de renta',
      accept: 'He leído y acepto el contrato de renta',
      readFull: 'Leer el contrato de renta completo',
      newTab: '(se abre en una pestaña nueva)',
    },
  },
  facts: {
    officeHours: 'Lun-Vie 8 a.m.-8 p.m.',
    area: 'Orange County, California',
  },
  footer: {
    tagline:
      'Renta de aires acondicionados portátiles en Orange County y el sur de Los Ángeles, con entrega e instalación.',
    rentals: 'Rentas',
    monthlyRentals: 'Renta mensual',
    weeklyRentals: 'Renta semanal',
    delivery: 'Entrega',
    help: 'Ayuda',
    support: 'Soporte',
    faq: 'Preguntas frecuentes',
    contact: 'Contacto',
    terms: 'Términos',
    existingCustomers: 'Clientes actuales',
    accessAccount: 'Entrar a su cuenta de renta',
    hours: 'Horario',
    area: 'Zona',
    copyright: '© {{year}} {{name}}. Soporte disponible 24/7.',
  },
} satisfies Catalog<typeof en>;
