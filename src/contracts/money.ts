/** Formats integer cents as dollars: whole dollars ("$39") or with cents ("$39.00"). */
export function formatCents(cents: number, options: { wholeDollars?: boolean } = {}): string {
  const dollars = cents / 100;
  return dollars.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: options.wholeDollars ? 0 : 2,
    maximumFractionDigits: options.wholeDollars ? 0 : 2,
  });
}

/**
 * Converts a dollar amount typed in a form to integer cents, rounding half a cent up. The decimal point is moved in
 * the number's text, not in binary floating point, where 12.345 * 100 is 1234.4999... and would round down.
 */
export function dollarsToCents(dollars: number): number {
  const text = String(dollars);
  return Math.round(text.includes('e') ? dollars * 100 : Number(`${text}e2`));
}
