import { common } from './common';
import { errors } from './errors';
import { home } from './home';
import { catalog } from './catalog';
import { rentals } from './rentals';
import { contact } from './contact';
import { pay } from './pay';
import { success } from './success';
import { terms } from './terms';

/**
 * The English catalogs, one namespace per part of the site. English is the source language: the spec's texts
 * are kept here verbatim. Add a namespace by adding its file here and in `../es/index.ts`.
 */
export const en = { common, errors, home, catalog, rentals, contact, pay, success, terms };
export type Resources = typeof en;
export type Namespace = keyof Resources;
