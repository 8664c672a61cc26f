import type { Resources } from '../en';
import type { Catalog } from '../types';
import { checkout } from './checkout';
import { common } from './common';

/** The Spanish catalogs: the same namespaces and keys as English (checked by type and by catalogs.test.ts). */
export const es = { common, checkout } satisfies { [N in keyof Resources]: Catalog<Resources[N]> };
