import { z } from 'zod';
import { calendarDate } from '../calendar-date';
import { emptyAsUndefined, optionalSearch, pageOf, pageParams } from './common';

export const unitStatuses = ['available', 'rented', 'maintenance', 'damaged', 'retired'] as const;
export type UnitStatus = (typeof unitStatuses)[number];
/** The bulk action never offers 'rented': only an order rents a unit. */
export const bulkUnitStatuses = ['available', 'maintenance', 'damaged', 'retired'] as const;

const requiredText = (message: string, max: number) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .max(max, `${message.replace(' is required', '')} is too long`);

/** A number typed in a form (a string) or sent as JSON (a number); blank means missing. */
const formNumber = (requiredMessage: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
    z.number({ message: requiredMessage }).refine(Number.isFinite, requiredMessage),
  );

/**
 * Add unit (spec section 5): the dialog and POST /api/admin/units share it. btu becomes an integer, purchasePrice a
 * decimal with two places, purchaseDate a calendar date (stored as that day's midnight UTC).
 */
export const unitInput = z.object({
  modelId: z.uuid({ message: 'Unit model is required' }),
  serial: requiredText('Serial number is required', 50),
  brand: requiredText('Brand is required', 100),
  model: requiredText('Model number is required', 100),
  btu: formNumber('BTU rating is required')
    .pipe(z.number().min(8000, 'BTU must be at least 8,000').max(100_000, 'BTU is too high'))
    .transform(Math.round),
  purchaseDate: calendarDate('Purchase date is required'),
  purchasePrice: formNumber('Purchase price is required')
    .pipe(z.number().min(0, 'Price must be positive').max(99_999_999, 'Price is too high'))
    .transform((price) => Math.round(price * 100) / 100),
  notes: z.preprocess(emptyAsUndefined, z.string().trim().max(2000).optional()),
});
export type UnitFormValues = z.input<typeof unitInput>;
export type UnitInput = z.output<typeof unitInput>;

/** Inline editing of one unit: any status (spec section 4) and the notes. */
export const unitUpdateInput = z
  .object({
    status: z.enum(unitStatuses, { message: 'Choose a status' }).optional(),
    notes: z.string().trim().max(2000).nullable().optional(),
  })
  .refine((update) => update.status !== undefined || update.notes !== undefined, 'Nothing to change');
export type UnitUpdateInput = z.infer<typeof unitUpdateInput>;

export const bulkUnitStatusInput = z.object({
  unitIds: z
    .array(z.uuid())
    .min(1, 'Select at least one unit')
    .max(500, 'Select at most 500 units at a time')
    .refine((ids) => new Set(ids).size === ids.length, 'A unit is listed twice'),
  status: z.enum(bulkUnitStatuses, { message: 'Choose available, maintenance, damaged or retired' }),
});
export type BulkUnitStatusInput = z.infer<typeof bulkUnitStatusInput>;

export const unitListQuery = z.object({
  status: z.enum(['all', ...unitStatuses]).default('all'),
  modelId: z.preprocess(emptyAsUndefined, z.uuid().optional()),
  search: optionalSearch,
  ...pageParams,
});
export type UnitListQuery = z.infer<typeof unitListQuery>;

export const adminUnit = z.object({
  id: z.uuid(),
  modelId: z.uuid(),
  modelName: z.string(),
  serial: z.string(),
  brand: z.string(),
  model: z.string(),
  btu: z.number().int(),
  purchaseDate: z.string(),
  purchasePrice: z.number(),
  notes: z.string().nullable(),
  status: z.string(),
  currentOrderId: z.uuid().nullable(),
  currentOrderNumber: z.string().nullable(),
  /** A checkout in progress holding the unit (still 'available', not offered): its order and when the hold ends. */
  hold: z.object({ orderNumber: z.string(), until: z.string() }).nullable(),
});
export type AdminUnit = z.infer<typeof adminUnit>;

export const inventoryCounts = z.object({
  total: z.number().int(),
  available: z.number().int(),
  rented: z.number().int(),
  maintenance: z.number().int(),
  /** Of the available units, those held by checkouts not yet paid: shown apart from rentals. */
  onHold: z.number().int(),
});
export type InventoryCounts = z.infer<typeof inventoryCounts>;

/** A page of units plus the fleet's four counts (over all units, whatever the filters). */
export const adminUnitList = pageOf(adminUnit).extend({ counts: inventoryCounts });
export type AdminUnitList = z.infer<typeof adminUnitList>;

export const adminUnitModel = z.object({ id: z.uuid(), name: z.string(), btuTier: z.string() });
export const adminUnitModelList = z.array(adminUnitModel);

export const bulkUnitStatusResult = z.object({ updated: z.number().int() });
