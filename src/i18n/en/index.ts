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

/**
 * The English catalogs, one namespace per part of the site. English is the source language: the spec's texts
 * are kept here verbatim. Add a namespace by adding its file here and in `../es/index.ts`.
 */
export const en = {
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
};
export type Resources = typeof en;
export type Namespace = keyof Resources;
