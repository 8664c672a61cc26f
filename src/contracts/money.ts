// One formatter per style, made once: `toLocaleString` with options builds a new Intl.NumberFormat on every call,
// which cost the checkout page about 55 ms of its hydration at Lighthouse's 4x CPU slowdown (ADR 027 addendum).
const dollarFormats = {
  cents: new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }),
  whole: new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }),
};

/** Formats integer cents as dollars: whole dollars ("$39") or with cents ("$39.00"). */
export function formatCents(cents: number, options: { wholeDollars?: boolean } = {}): string {
  return dollarFormats[options.wholeDollars ? 'whole' : 'cents'].format(cents / 100);
}

/**
 * Converts a dollar amount typed in a form to integer cents, rounding half a cent up. The decimal point is moved in
 * the number's text, not in binary floating point, where 12.345 * 100 is 1234.4999... and would round down.
 */
export function dollarsToCents(dollars: number): number {
  const text = String(dollars);
  return Math.round(text.includes('e') ? dollars * 100 : Number(`${text}e2`));
}
