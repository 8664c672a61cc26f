// Written out, not with Intl.NumberFormat: a page's first Intl formatter loads the browser's number data, 20-50 ms
// of one task on this project's CI machines, four times that on Lighthouse's phone; `/` and the checkout blocked
// on it while they hydrated (ADR 027 addendum). The output is en-US's currency format exactly (money.test.ts).

/** A count as en-US writes it: "8,000"; a fraction is rounded to the nearest whole number first. */
export function formatCount(value: number): string {
  const digits = String(Math.round(Math.abs(value)));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 && grouped !== '0' ? `-${grouped}` : grouped;
}

/** Formats integer cents as dollars: whole dollars ("$39", rounded half up) or with cents ("$39.00"). */
export function formatCents(cents: number, options: { wholeDollars?: boolean } = {}): string {
  const text = options.wholeDollars ? `$${formatCount(Math.abs(cents) / 100)}` : `$${dollarsAndCents(Math.abs(cents))}`;
  return cents < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

function dollarsAndCents(cents: number): string {
  const whole = Math.round(cents);
  return `${formatCount(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
}

/**
 * Converts a dollar amount typed in a form to integer cents, rounding half a cent up. The decimal point is moved in
 * the number's text, not in binary floating point, where 12.345 * 100 is 1234.4999... and would round down.
 */
export function dollarsToCents(dollars: number): number {
  const text = String(dollars);
  return Math.round(text.includes('e') ? dollars * 100 : Number(`${text}e2`));
}
