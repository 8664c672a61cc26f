import type { account as en } from '../en/account';
import type { Catalog } from '../types';

export const account = {
  access: {
    title: 'Acceda a su cuenta de renta',
    intro:
      'Para clientes actuales: abra su renta con el número de pedido de su correo de confirmación y el correo electrónico con el que rentó.',
    linkExpired:
      'Este enlace para entrar ya venció o ya se usó. Escriba abajo su número de pedido y su correo electrónico para abrir su cuenta.',
    orderNumber: 'Número de pedido',
    orderNumberHint: 'Su número de pedido se ve así: order-7K2M9QXA.',
    email: 'Correo electrónico',
    checking: 'Verificando...',
    submit: 'Entrar a mi cuenta',
    notCustomer: '¿Todavía no es cliente?',
    startRental: 'Comenzar una renta',
  },
  signIn: {
    title: 'Entre para ver su renta',
    intro:
      'Por su privacidad, su cuenta de renta solo se abre en un dispositivo donde haya entrado. Escriba el correo electrónico con el que rentó y le enviaremos un enlace para entrar.',
    email: 'Correo electrónico',
    sending: 'Enviando...',
    submit: 'Envíenme un enlace para entrar',
    checkEmail: 'Revise su correo electrónico',
    sent: 'Si ese correo electrónico está en una renta, le enviamos un enlace para entrar. Funciona una vez, durante 7 días.',
    anotherEmail: 'Usar otro correo electrónico',
    haveOrderNumber: '¿Tiene su número de pedido?',
    accessAccount: 'Acceda a su cuenta de renta',
    withItInstead: 'con él, o',
    contactSupport: 'comuníquese con soporte',
  },
  link: {
    pageTitle: 'Entrar',
    title: 'Su enlace para entrar',
    intro: 'Este enlace le permite entrar en este dispositivo. Funciona una vez.',
    signingIn: 'Entrando...',
    continue: 'Continuar a su renta',
    expiredTitle: 'Pida un enlace nuevo para entrar',
    used: 'Cada enlace para entrar abre su renta una vez, en un dispositivo.',
    offer: 'Para abrirla aquí, le enviaremos un enlace nuevo al correo de su renta.',
    sending: 'Enviando...',
    sendNew: 'Envíenme un enlace nuevo',
    freshSent: 'Enviamos un enlace nuevo para entrar al correo electrónico de la renta.',
    or: 'O',
    accessAccount: 'acceda a su cuenta de renta',
    withOrderNumber: 'con su número de pedido.',
  },
  notFound: {
    title: 'Renta no encontrada',
    text: 'No encontramos una renta con el ID indicado. Revise su enlace o comuníquese con soporte.',
    accessAccount: 'Acceda a su cuenta de renta',
    contactSupport: 'Comunicarse con soporte',
  },
  errors: {
    orderNumberRequired: 'El número de pedido es obligatorio',
    emailInvalid: 'Escriba un correo electrónico válido',
  },
} satisfies Catalog<typeof en>;
