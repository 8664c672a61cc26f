import { z } from 'zod';
import { calendarDate } from '../calendar-date';

/** Page parameters every admin list takes; the server sorts and slices, the browser never holds the whole table. */
export const pageParams = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

/** One page of a list plus the total count of rows matching the filters. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** An empty query-string value ("?search=") means "no filter". */
export const emptyAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const optionalSearch = z.preprocess(emptyAsUndefined, z.string().trim().max(100).optional());

export const dateFilter = calendarDate('Use a real date in the form YYYY-MM-DD');

export const idParams = z.object({ id: z.uuid({ message: 'Invalid id' }) });

/** A person as admin lists show them next to a fee, an order or an e-mail. */
export const customerRef = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
export type CustomerRef = z.infer<typeof customerRef>;
