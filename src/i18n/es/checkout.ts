import type { checkout as en } from '../en/checkout';
import type { Catalog } from '../types';

/** El pago (/checkout) y sus partes, con el aviso del enlace de una oferta de la lista de espera (?waitlist=). */
export const checkout = {
  documentTitle: 'Finalizar renta',
  heading: 'Rente su aire acondicionado',
  progress: {
    label: 'Progreso de la renta',
    register: 'Complete su registro',
    payment: 'Pago',
    step: 'Paso {{number}}: ',
    done: ' (listo)',
  },
  plan: {
    title: 'Renta mensual de aire acondicionado',
    minimumBtu: 'Todas las unidades de al menos {{btu}} BTU',
    minimumMonths: 'Mínimo de {{months}} meses para entrega e instalación gratis',
    selectedUnit: 'Unidad elegida: ',
    available: 'Unidades de aire acondicionado disponibles para rentar',
  },
  picker: {
    legend: 'Elija su unidad',
    description: 'Disponibilidad en tiempo real; se actualiza mientras llena el formulario.',
    perMonth: '{{price}}/mes',
    checking: 'Consultando...',
    available: '{{count}} disponibles',
    outOfStock: 'Agotado',
    onHold: '{{count}} apartadas',
    loading: 'Cargando unidades...',
    loadError: 'No pudimos cargar las unidades. Revise su conexión.',
    retry: 'Intentar de nuevo',
    noneInStock:
      'Todas las unidades están rentadas en este momento. Únase a una lista de espera en el catálogo para recibir una cuando se libere.',
    heldForYou: 'Apartada para usted',
  },
  outOfStock: {
    title: 'Esa unidad se acaba de agotar',
    body: 'Conservamos todo lo que escribió. Elija otra unidad y envíe de nuevo.',
    switchTo: 'Cambiar a {{name}}',
    none: 'No hay otra unidad disponible en este momento. Vuelva a consultar más tarde.',
  },
  details: {
    title: 'Sus datos',
    name: 'Nombre completo',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    startDate: 'Fecha de inicio',
    startDateHelp: 'El día en que le gustaría recibir su unidad.',
    address: 'Dirección',
    cityNotZips:
      'El código postal {{zip}} es de {{city}}. Si esa no es su ciudad, revise la ciudad y el código postal.',
    city: 'Ciudad',
    zipCode: 'Código postal',
    buildingNotes: 'Notas del edificio o departamento (opcional)',
    buildingNotesHelp: 'Códigos de acceso, piso, estacionamiento o lo que nos ayude a entregar.',
    restored: 'Conservamos lo que escribió. Vuelva a marcar el contrato de renta antes de pagar.',
  },
  deliveryWindow: {
    legend: 'Horario de entrega',
    description:
      'Cuándo le llevamos e instalamos su unidad, dentro de los {{days}} días a partir de su fecha de inicio.',
    waiting: 'Ingrese su fecha de inicio y su código postal para ver los horarios de entrega.',
    loading: 'Cargando los horarios de entrega...',
    loadError: 'No pudimos cargar los horarios de entrega.',
    retry: 'Intentar de nuevo',
    full: 'Completo',
    searching:
      'Todos los horarios de entrega de los {{days}} días a partir de su fecha de inicio están ocupados. Buscando el primer día en que podemos entregar...',
    noneOpenEarliest:
      'Todos los horarios de entrega de los {{days}} días a partir de su fecha de inicio están ocupados. La entrega más pronta que podemos ofrecerle es el {{date}}.',
    noneOpen:
      'Todos los horarios de entrega de los {{days}} días a partir de su fecha de inicio están ocupados, y las semanas siguientes también. Llámenos para programar una entrega.',
    moveStartDate: 'Cambiar mi fecha de inicio al {{date}}',
  },
  dorm: {
    question: '¿La dirección de entrega es una residencia universitaria de estudiantes de licenciatura?',
    policy:
      'No se permite el servicio en las residencias de licenciatura de una universidad debido a sus políticas de vivienda.',
    no: 'No',
    yes: 'Sí',
  },
  agreement: {
    requiredTitle: 'Se requiere aceptar el contrato',
    requiredBody: 'Acepte el contrato de renta para continuar',
  },
  price: {
    title: 'Resumen de precios',
    monthlyRate: 'Tarifa mensual',
    perMonth: '{{amount}}/mes',
    minimum: 'Mínimo {{months}} meses',
    deliveryMiles: 'Entrega ({{miles}})',
    delivery: 'Entrega',
    notAvailable: 'No disponible para este código postal',
    deliveryWithin: 'Entrega (a menos de {{miles}} millas)',
    free: 'Gratis',
    deliveryWithinFree: 'Entrega a menos de {{miles}} millas',
    freeUpper: 'GRATIS',
    dueToday: 'A pagar hoy (primer mes + entrega)',
  },
  submit: {
    pay: 'Completar registro y pagar',
    processing: 'Procesando...',
    formLabel: 'Registro',
  },
  errorToast: 'Error al procesar la renta',
  redirecting: {
    title: 'Redirigiendo al pago',
    spinner: 'Redirigiendo a la página de pago segura...',
    body: 'Lo llevamos a nuestra página de pago segura. Su unidad queda apartada 30 minutos mientras paga.',
  },
  lead: {
    prompt: 'Déjenos su correo y le avisaremos cuando entreguemos en su zona.',
    email: 'Correo para avisos',
    notify: 'Avísenme',
    saving: 'Guardando...',
    saveError: 'No pudimos guardar su correo',
    thanks: '¡Gracias! Le escribiremos cuando empecemos a entregar en el código postal {{zipCode}}.',
    unknownZip: 'No encontramos el código postal {{zipCode}}. Revíselo e intente de nuevo.',
    outOfArea:
      'Todavía no entregamos en el código postal {{zipCode}}: está a {{miles}} millas de nuestro almacén y atendemos hasta {{radius}} millas.',
  },
  waitlistOffer: {
    checking: 'Verificando su oferta de la lista de espera...',
    held: 'Le apartamos una unidad {{model}} hasta el {{time}} (hora de Los Ángeles). Complete la renta con el correo electrónico con el que se unió a la lista de espera.',
    heldNoTime:
      'Le apartamos una unidad {{model}}. Complete la renta con el correo electrónico con el que se unió a la lista de espera.',
    ended: 'Esta oferta de la lista de espera terminó. Puede unirse a la lista de nuevo.',
    invalid: 'Este enlace de la lista de espera no es válido. Aún puede rentar cualquier unidad disponible abajo.',
    failed: 'No pudimos verificar su oferta de la lista de espera. Vuelva a cargar la página.',
  },
  holdLapsed: {
    title: 'Su pedido expiró',
    body: 'La página de pago no se abrió en unos minutos, así que la unidad volvió a ofrecerse. No se hizo ningún cargo: haga su pedido de nuevo.',
  },
} satisfies Catalog<typeof en>;
