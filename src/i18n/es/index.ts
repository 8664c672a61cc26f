import type { Resources } from '../en';
import type { Catalog } from '../types';
import { common } from './common';
import { errors } from './errors';
import { home } from './home';
import { catalog } from './catalog';
import { rentals } from './rentals';
import { contact } from './contact';
import { pay } from './pay';
import { success } from './success';
import { terms } from './terms';

/** The Spanish catalogs: the same namespaces and keys as English (checked by type and by catalogs.test.ts). */
export const es = { common, errors, home, catalog, rentals, contact, pay, success, terms } satisfies {
  [N in keyof Resources]: Catalog<Resources[N]>;
};
