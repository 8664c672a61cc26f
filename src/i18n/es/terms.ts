import type { terms as en } from '../en/terms';
import type { Catalog } from '../types';

export const terms = {
  title: 'Contrato de renta',
  lead: 'Términos y condiciones de la renta de su aire acondicionado. Versión {{version}}.',
  backHome: 'Volver al inicio',
  returnToCheckout: 'Volver al pedido',
} satisfies Catalog<typeof en>;
