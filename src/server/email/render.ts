/**
 * Fills {{placeholders}} in a template's subject or body. A placeholder with no value is left as written, so an
 * admin previewing a template sees what did not fill instead of a silent gap.
 */
export function renderTemplate(text: string, values: Record<string, string | number | null | undefined>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, key: string) => {
    const value = values[key];
    return value === undefined || value === null ? match : String(value);
  });
}
