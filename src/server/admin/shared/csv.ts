/**
 * CSV for the admin's exports (ADR 020): RFC 4180 (comma-separated, CRLF line ends, a field quoted when it holds a
 * comma, a quote, CR or LF, its quotes doubled), opened by a UTF-8 byte-order mark so Excel reads accents, and
 * safe to open in a spreadsheet: a text that begins with =, +, -, @, tab or carriage return gets a leading
 * apostrophe (OWASP's rule for CSV injection), so a customer named `=HYPERLINK(...)` stays text.
 */

export type CsvValue = string | number | boolean | null | undefined;

/** Excel and LibreOffice read a UTF-8 file as such only when it starts with the byte-order mark. */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: neutralised if a spreadsheet would run it, quoted if it needs to be. Empty for null and undefined. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, with its CRLF. */
export const csvRow = (values: readonly CsvValue[]): string => `${values.map(csvField).join(',')}\r\n`;

/** Integer cents as dollars with two decimals and no symbol ("1234.50"), which every spreadsheet reads as a number. */
export function csvDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An instant in ISO 8601 (UTC), or empty. */
export const csvInstant = (at: Date | null | undefined): string => (at ? at.toISOString() : '');
