import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** Extensions every PGlite open must load once any migration has used them. */
export const pgliteExtensions = { pg_trgm };
