/** The fee types the owner picks from (spec section 5). */
export const feeTypes = ['damage', 'lost_unit', 'late_return', 'other'] as const;
export type FeeType = (typeof feeTypes)[number];
/** Fees the system creates from the agreement's rules, told apart from the owner's. */
export const systemFeeTypes = ['early_termination', 'late_fee'] as const;
export type SystemFeeType = (typeof systemFeeTypes)[number];

/**
 * What each kind of fee is called in English: in the dashboard, and in the English portal's catalogue (i18n/en), so
 * the two never differ. Apart from contracts/admin/fees.ts, which brings zod, so the catalogue loads without it.
 */
export const feeTypeLabels: Record<FeeType | SystemFeeType, string> = {
  damage: 'Damage',
  lost_unit: 'Lost unit',
  late_return: 'Late return',
  other: 'Other',
  early_termination: 'Early termination (agreement)',
  late_fee: 'Late payment (agreement)',
};
