import type { emails as en } from '../en/emails';
import type { Catalog } from '../types';

export const emails = {
  rateMonthly: '{{price}} al mes (mínimo de {{months}} meses)',
} satisfies Catalog<typeof en>;
