import { checkout } from './checkout';
import { common } from './common';

/**
 * The English catalogs, one namespace per part of the site. English is the source language: the spec's texts
 * are kept here verbatim. Add a namespace by adding its file here and in `../es/index.ts`.
 */
export const en = { common, checkout };
export type Resources = typeof en;
export type Namespace = keyof Resources;
