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

/** Converts a dollar amount typed in a form to integer cents, rounding to the nearest cent. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
