import type { waitlist as en } from '../en/waitlist';
import type { Catalog } from '../types';

/** La lista de espera (ADR 036): el diálogo del catálogo para un modelo agotado y la página del enlace para salir. */
export const waitlist = {
  join: {
    button: 'Unirse a la lista de espera',
    buttonLabel: 'Unirse a la lista de espera del modelo {{name}}',
    title: 'Unirse a la lista de espera',
    description:
      'El modelo {{name}} está agotado. Cuando se libera una unidad, la apartamos para la primera persona de la lista y le enviamos por correo un enlace para rentarla.',
    email: 'Correo electrónico',
    zipCode: 'Código postal de entrega',
    zipCodeHelp: 'Donde se entregaría la unidad.',
    submit: 'Unirse a la lista de espera',
    sending: 'Guardando...',
    cancel: 'Cancelar',
    close: 'Cerrar',
    website: 'Sitio web',
    joinedFirst:
      'Usted ocupa el primer lugar en la lista de espera. Le enviaremos por correo un enlace que le aparta una unidad en cuanto haya una libre.',
    joinedNumber:
      'Usted ocupa el lugar número {{position}} en la lista de espera. Le enviaremos por correo un enlace que le aparta una unidad cuando sea su turno.',
    alreadyHeld: 'Ya tiene una unidad apartada: vea el correo que le enviamos.',
    rentNow: 'Rentarla ahora',
  },
  leave: {
    documentTitle: 'Su lugar en la lista de espera',
    heading: 'Su lugar en la lista de espera',
    loading: 'Cargando su lugar en la lista de espera...',
    first: 'Usted ocupa el primer lugar en la lista de espera del modelo {{model}}.',
    position: 'Usted ocupa el lugar número {{position}} en la lista de espera del modelo {{model}}.',
    waiting: 'Usted está en la lista de espera del modelo {{model}}.',
    waitingNote: 'Cuando sea su turno, le enviaremos por correo un enlace que le aparta una unidad.',
    offered:
      'En este momento tiene apartada una unidad {{model}}: use el enlace del correo que le enviamos para rentarla.',
    offeredNote: 'Si sale de la lista de espera, la unidad pasa a la siguiente persona de la lista.',
    button: 'Salir de la lista de espera',
    leaving: 'Saliendo...',
    left: 'Usted salió de la lista de espera. No le volveremos a escribir sobre este modelo.',
    alreadyLeft: 'Usted ya salió de la lista de espera del modelo {{model}}.',
    removed: 'Usted ya no está en la lista de espera del modelo {{model}}.',
    rented: 'Usted rentó el modelo {{model}} desde la lista de espera, así que ya no está en la lista.',
    lapsed:
      'La unidad {{model}} que le apartamos pasó a la siguiente persona de la lista, así que usted ya no está en la lista de espera. Puede unirse de nuevo desde el catálogo.',
    catalog: 'Ver el catálogo',
    invalidTitle: 'Este enlace no es válido',
    invalid:
      'Este enlace de la lista de espera no es válido. Abra el enlace de nuestro correo tal como se lo enviamos.',
    loadFailedTitle: 'No pudimos cargar su lugar en la lista de espera',
    loadFailed: 'Revise su conexión e intente de nuevo.',
  },
} satisfies Catalog<typeof en>;
