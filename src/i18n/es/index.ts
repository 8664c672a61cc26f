import type { Resources } from '../en';
import type { Catalog } from '../types';
import { account } from './account';
import { agreement } from './agreement';
import { catalog } from './catalog';
import { checkout } from './checkout';
import { common } from './common';
import { contact } from './contact';
import { emails } from './emails';
import { errors } from './errors';
import { home } from './home';
import { orderLink } from './order-link';
import { pay } from './pay';
import { portal } from './portal';
import { rentals } from './rentals';
import { success } from './success';
import { terms } from './terms';
import { visuals } from './visuals';
import { waitlist } from './waitlist';

/** The Spanish catalogs: the same namespaces and keys as English (checked by type and by catalogs.test.ts). */
export const es = {
  account,
  agreement,
  catalog,
  checkout,
  common,
  contact,
  emails,
  errors,
  home,
  orderLink,
  pay,
  portal,
  rentals,
  success,
  terms,
  visuals,
  waitlist,
} satisfies {
  [N in keyof Resources]: Catalog<Resources[N]>;
};
