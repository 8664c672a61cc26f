import type { Resources } from '../en';
import type { Catalog } from '../types';
import { common } from './common';
import { visuals } from './visuals';

/** The Spanish catalogs: the same namespaces and keys as English (checked by type and by catalogs.test.ts). */
export const es = { common, visuals } satisfies { [N in keyof Resources]: Catalog<Resources[N]> };
