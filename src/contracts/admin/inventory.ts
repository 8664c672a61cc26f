import { z } from 'zod';
import { business } from '../business';
import { calendarDate } from '../calendar-date';
import { unitModelSummary } from '../catalog';
import { dollarsToCents, formatCents } from '../money';
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

export const hoseTypes = ['single', 'dual'] as const;
const weeklyPriceBounds = { min: 100, max: 100_000 };
const weeklyPriceMessages = {
  required: 'Weekly price is required',
  min: `Weekly price must be at least ${formatCents(weeklyPriceBounds.min)}`,
  max: `Weekly price must be at most ${formatCents(weeklyPriceBounds.max)}`,
};

/** What the owner writes about a model: the same rules in the dialog and on the server. */
const unitModelText = {
  name: requiredText('Name is required', 100),
  btuTier: requiredText('BTU tier is required', 20).regex(
    /^\d{1,3}(-\d{1,3})?k$/,
    'Write the BTU tier in thousands, such as 12-14k or 10k',
  ),
  hoseType: z.enum(hoseTypes, { message: 'Choose single or dual hose' }),
};
/** Optional text: blank is none (null). */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullable()
    .transform((value) => value || null);

/**
 * POST /api/admin/unit-models: a unit model for the catalog, prices in cents. Every unit rents at the one monthly
 * price of the rental agreement (spec section 1: $39), so a different monthlyPrice is refused rather than shown in
 * the catalog and not charged (ADR 017); the weekly price is the owner's to set.
 */
export const unitModelInput = z.object({
  ...unitModelText,
  description: optionalText(1000, 'Description must be at most 1000 characters').optional(),
  recommendedRoomSize: optionalText(100, 'Room size must be at most 100 characters').optional(),
  nameEs: optionalText(100, 'Spanish name must be at most 100 characters').optional(),
  descriptionEs: optionalText(1000, 'Spanish description must be at most 1000 characters').optional(),
  recommendedRoomSizeEs: optionalText(100, 'Spanish room size must be at most 100 characters').optional(),
  weeklyPrice: z
    .number({ message: weeklyPriceMessages.required })
    .int('Weekly price must be a whole number of cents')
    .min(weeklyPriceBounds.min, weeklyPriceMessages.min)
    .max(weeklyPriceBounds.max, weeklyPriceMessages.max),
  monthlyPrice: z
    .literal(business.monthlyPriceCents, {
      message: `Every unit rents at ${formatCents(business.monthlyPriceCents)}/month, the rate in the rental agreement and what checkout charges`,
    })
    .optional(),
  /** Offered in the catalog; an inactive model keeps its units and orders but cannot be rented. */
  active: z.boolean().optional(),
});
export type UnitModelInput = z.infer<typeof unitModelInput>;

/** PATCH /api/admin/unit-models/:id: any of its fields, at least one (deactivating is `{ active: false }`). */
export const unitModelUpdate = unitModelInput
  .partial()
  .refine((update) => Object.values(update).some((value) => value !== undefined), 'Nothing to change');
export type UnitModelUpdate = z.infer<typeof unitModelUpdate>;

/** The unit model dialog: the weekly price typed in dollars (converted to cents on submit), blanks for none. */
export const unitModelForm = z.object({
  ...unitModelText,
  description: z.string().trim().max(1000, 'Description must be at most 1000 characters'),
  recommendedRoomSize: z.string().trim().max(100, 'Room size must be at most 100 characters'),
  nameEs: z.string().trim().max(100, 'Spanish name must be at most 100 characters'),
  descriptionEs: z.string().trim().max(1000, 'Spanish description must be at most 1000 characters'),
  recommendedRoomSizeEs: z.string().trim().max(100, 'Spanish room size must be at most 100 characters'),
  weeklyPrice: z
    .string()
    .trim()
    .min(1, weeklyPriceMessages.required)
    .refine((value) => Number.isFinite(Number(value)), 'Weekly price must be a number')
    .refine((value) => dollarsToCents(Number(value)) >= weeklyPriceBounds.min, weeklyPriceMessages.min)
    .refine((value) => dollarsToCents(Number(value)) <= weeklyPriceBounds.max, weeklyPriceMessages.max),
  active: z.boolean(),
});
export type UnitModelForm = z.infer<typeof unitModelForm>;

/** A unit model as the owner manages it: the catalog's fields, whether it is offered, and what depends on it. */
export const adminUnitModel = unitModelSummary.extend({
  active: z.boolean(),
  /** Units of the model in the fleet, whatever their status. */
  unitCount: z.number().int(),
  /** Orders ever placed for the model: with any, it can be deactivated but not deleted. */
  orderCount: z.number().int(),
});
export type AdminUnitModel = z.infer<typeof adminUnitModel>;

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * Why a model cannot be deleted, or null when it can: orders keep their model (deactivate it instead), and units
 * would lose theirs. Worded once for the server's 409 and the delete dialog.
 */
export function unitModelDeleteRefusal(
  model: Pick<AdminUnitModel, 'name' | 'active' | 'orderCount' | 'unitCount'>,
): string | null {
  if (model.orderCount > 0) {
    return (
      `${model.name} has ${count(model.orderCount, 'order')}, which keep their unit model, so it cannot be deleted. ` +
      (model.active
        ? 'Deactivate it instead: it leaves the catalog and keeps its history.'
        : 'It is already out of the catalog.')
    );
  }
  if (model.unitCount > 0) {
    return (
      `${model.name} still has ${count(model.unitCount, 'unit')} in the inventory. Delete those units first` +
      (model.active ? ', or deactivate the model to take it out of the catalog.' : '.')
    );
  }
  return null;
}
export const adminUnitModelList = z.array(adminUnitModel);

export const bulkUnitStatusResult = z.object({ updated: z.number().int() });
