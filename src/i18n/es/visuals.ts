import type { visuals as en } from '../en/visuals';
import type { Catalog } from '../types';

export const visuals = {
  art: {
    unit: 'Dibujo del aire acondicionado portátil {{name}}',
    unitPhoto: 'Foto del aire acondicionado portátil {{name}}',
    hero: 'Un aire acondicionado portátil en una recámara, con la salida por la ventana, enfriando la habitación',
  },
  phone: {
    call: 'Llámenos al {{phone}}',
  },
  howItWorks: {
    title: 'Cómo funciona',
    intro: 'Del pedido al aire fresco en cuatro pasos. Nosotros hacemos el trabajo pesado.',
    steps: {
      order: {
        title: 'Haga su pedido en línea',
        text: 'Elija un equipo y una fecha de inicio, y pague de forma segura en pocos minutos.',
      },
      delivery: {
        title: 'Lo entregamos e instalamos',
        text: 'Llevamos el equipo a su puerta, lo instalamos y colocamos la salida de aire por su ventana.',
      },
      cool: {
        title: 'Manténgase fresco',
        text: 'Disfrute de aire fresco toda la temporada. El mantenimiento y las reparaciones corren por nuestra cuenta.',
      },
      pickup: { title: 'Lo recogemos', text: 'Cuando termine, recogemos el equipo sin costo.' },
    },
  },
  trust: {
    title: 'Por qué confían en nosotros',
    items: {
      delivery: 'Entrega e instalación gratis con una renta de {{months}} meses',
      support: 'Soporte 24/7, incluso los fines de semana de ola de calor',
      repairs: 'Mantenimiento y reparaciones gratis',
      cancel: 'Solicite la cancelación en línea desde su cuenta',
      local: 'Servicio local en Orange County y el sur de Los Ángeles',
      pickup: 'Recolección gratis al terminar su renta',
    },
  },
} satisfies Catalog<typeof en>;
