import type { Resources } from '../en';
import type { Catalog } from '../types';
import { account } from './account';
import { agreement } from './agreement';
import { common } from './common';
import { emails } from './emails';
import { portal } from './portal';

/** The Spanish catalogs: the same namespaces and keys as English (checked by type and by catalogs.test.ts). */
export const es = { common, agreement, emails, portal, account } satisfies {
  [N in keyof Resources]: Catalog<Resources[N]>;
};
