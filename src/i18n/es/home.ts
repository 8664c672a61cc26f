import type { home as en } from '../en/home';
import type { Catalog } from '../types';

export const home = {
  banner: '¿Ola de calor? Tenemos unidades listas: {{monthly}}/mes con entrega gratis dentro de {{miles}} millas.',
  hero: {
    title: 'Renta de aires acondicionados portátiles en Orange County y el sur de Los Ángeles',
    lead: 'Manténgase fresco por {{monthly}} al mes. Cada unidad ofrece al menos {{btu}} BTU, con entrega e instalación gratis en una renta de {{months}} meses y soporte 24/7.',
    rentNow: 'Rente ahora por {{monthly}}/mes',
    browse: 'Ver unidades',
  },
  features: {
    title: 'Por qué rentar con nosotros',
    deliveredTitle: 'Entrega e instalación',
    deliveredText:
      'Entrega gratis dentro de {{miles}} millas. Instalamos la unidad y colocamos bien la ventilación para que enfríe desde el primer día.',
    maintenanceTitle: 'Mantenimiento incluido',
    maintenanceText:
      'Mantenimiento y reparaciones gratis mientras dure su renta. Si una unidad falla, la reparamos o la reemplazamos.',
    supportTitle: 'Soporte 24/7',
    supportText:
      'Las olas de calor no respetan horarios. Comuníquese con nuestro equipo de soporte a cualquier hora, de día o de noche.',
  },
  cta: {
    title: '¿Listo para vencer el calor?',
    text: 'Reserve su unidad en unos minutos. Le llamaremos para programar la entrega y estará fresco en poco tiempo.',
    rentNow: 'Rentar ahora',
  },
  pricing: {
    title: 'Precios simples y fijos',
    lead: 'Un solo precio para todas las unidades. Sin costos ocultos de mantenimiento ni de soporte.',
    planTitle: 'Renta mensual de aire acondicionado',
    planDescription: 'Nuestro plan estándar para casas, departamentos y oficinas.',
    included: {
      btu: 'Todas las unidades de al menos {{btu}} BTU',
      minimum: 'Mínimo de {{months}} meses para entrega e instalación gratis (si no, un cargo de {{fee}})',
      delivery: 'Entrega gratis dentro de {{miles}} millas',
      support: 'Soporte 24/7, mantenimiento y reparaciones gratis',
      pickup: 'Recolección gratis al terminar su renta',
    },
    start: 'Iniciar renta mensual',
    unitsTitle: 'Nuestras unidades',
    unitsDescription: 'Del tamaño de su habitación, todas al mismo precio mensual.',
    viewCatalog: 'Ver catálogo',
  },
  serviceArea: {
    title: 'Zona de servicio',
    lead: 'Entregamos, instalamos y recogemos en todo Orange County y el sur de Los Ángeles',
    withinRadius: ', dentro de {{radius}} millas de nuestro almacén en {{city}}',
    free: '. La entrega es gratis dentro de {{miles}} millas',
    charge: '; más lejos, se agrega un cargo único de entrega de {{charge}} a su primer mes',
    end: '.',
    areas: {
      orangeCounty: 'Orange County',
      southLosAngeles: 'Sur de Los Ángeles',
      longBeach: 'Long Beach y las Gateway Cities',
      dorms: 'Residencias de pregrado de una universidad',
    },
    available: 'Disponible',
    notAvailable: 'No disponible',
  },
  delivery: {
    title: 'Entrega e instalación',
    free: 'Entrega gratis dentro de {{miles}} millas.',
    charge: 'De {{miles}} a {{radius}} millas, un cargo único de entrega de {{charge}} con su primer mes.',
    installation:
      'Instalación gratis con el mínimo de {{months}} meses; si no, un cargo único de {{fee}} por entrega e instalación.',
    call: 'Le llamamos dentro de las 24 horas siguientes a su pedido para programar la entrega.',
    pickup: 'Recolección gratis cuando termina su renta.',
  },
  support: {
    title: 'Soporte',
    text: 'Horario de oficina: {{hours}} El soporte técnico está disponible 24/7, y el mantenimiento y las reparaciones siempre son gratis.',
    alreadyRenting: '¿Ya renta con nosotros?',
    accessAccount: 'Entrar a su cuenta de renta',
  },
  faq: {
    title: 'Preguntas frecuentes',
    lead: '¿Todavía tiene alguna pregunta? Nuestra oficina abre {{hours}}, y el soporte está disponible 24/7.',
    costQ: '¿Cuánto cuesta?',
    costA: 'Cada unidad se renta por {{monthly}} al mes, y cada unidad ofrece al menos {{btu}} BTU.',
    minimumQ: '¿Hay un periodo mínimo de renta?',
    minimumA:
      'El plan mensual tiene un mínimo de {{months}} meses ({{total}} en total), que incluye entrega e instalación gratis. Sin el compromiso mínimo, se cobra un cargo de {{fee}} por entrega e instalación.',
    deliveryQ: '¿Dónde entregan, y la entrega es gratis?',
    deliveryArea: 'Damos servicio en Orange County y el sur de Los Ángeles',
    deliveryRadius: ', dentro de {{radius}} millas de nuestro almacén en {{city}}',
    deliveryFree: '. La entrega es gratis dentro de {{miles}} millas',
    deliveryCharge:
      '; de ahí hasta {{radius}} millas, se agrega un cargo único de entrega de {{charge}} a su primer mes',
    deliveryEnd:
      '. La recolección al final de su renta siempre es gratis. Al hacer su pedido verá el precio de entrega para su código postal antes de pagar.',
    dormQ: '¿Puedo rentar una unidad para mi residencia universitaria?',
    dormA:
      'No. La política de vivienda de una universidad local no permite nuestras unidades en sus residencias de pregrado, así que no podemos entregar ahí. Los departamentos y casas fuera del campus son bienvenidos.',
    repairQ: '¿Qué pasa si mi unidad deja de funcionar?',
    repairA:
      'El mantenimiento y las reparaciones son gratis. Nuestra línea de soporte atiende 24/7; díganos qué falla y repararemos o cambiaremos la unidad.',
    cancelQ: '¿Cómo cancelo?',
    cancelA:
      'Antes de completar el mínimo de {{months}} meses, cancelar tiene un cargo por terminación anticipada de {{fee}}. Después de {{months}} meses puede cancelar en cualquier momento con {{days}} días de aviso. Solicítelo desde su cuenta de renta o contáctenos.',
    weeklyQ: '¿Ofrecen rentas semanales?',
    weeklyA:
      'Sí. Las rentas semanales no tienen mínimo; los precios semanales aparecen en nuestro catálogo. El pedido en línea es para el plan mensual, así que llámenos para organizar una renta semanal.',
    installQ: '¿Qué necesito para la instalación?',
    installA:
      'Un contacto estándar de 115V, una ventana o abertura en la pared para la manguera de ventilación, espacio suficiente en el piso para la unidad y acceso para drenar el agua condensada.',
  },
} satisfies Catalog<typeof en>;
