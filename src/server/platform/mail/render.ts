import { AppError } from '../errors';

type Values = Record<string, string | number | null | undefined>;

const placeholder = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * Fills {{placeholders}} in a template's subject or body. A placeholder with no value is left as written, so an
 * admin previewing a template sees what did not fill instead of a silent gap. Sending never uses this output
 * as it is: see renderForSending.
 */
export function renderTemplate(text: string, values: Values): string {
  return text.replace(placeholder, (match, key: string) => {
    const value = values[key];
    return value === undefined || value === null ? match : String(value);
  });
}

/** The placeholders a text still holds (each name once, in order), e.g. ['deliveryDate']. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(placeholder)].map((match) => match[1]!))];
}

/**
 * An e-mail that would go out with a raw `{{…}}` in it. Never sent, never logged: the message names what is
 * missing (without braces, so the owner's alert about it does not carry any either). A 400 to an admin.
 */
export class UnfilledPlaceholders extends AppError {
  constructor(readonly placeholders: string[]) {
    super(
      placeholders.length === 0
        ? 'The e-mail was not sent: it contains double braces, which read as an unfilled placeholder. Remove them.'
        : `The e-mail was not sent: ${placeholders.length === 1 ? 'the placeholder' : 'the placeholders'} ` +
            `${placeholders.map((name) => `"${name}"`).join(', ')} ${placeholders.length === 1 ? 'has' : 'have'} ` +
            'no value. Fill it in or remove it from the text.',
      400,
    );
  }
}

/** Refuses a subject or body that still holds `{{`, naming its placeholders. */
export function assertNoPlaceholders(...texts: string[]): void {
  const left = texts.flatMap(placeholdersIn);
  if (left.length > 0) throw new UnfilledPlaceholders([...new Set(left)]);
  if (texts.some((text) => text.includes('{{'))) throw new UnfilledPlaceholders([]);
}

/** Fills a template for sending: every placeholder must have a value, or nothing is sent (UnfilledPlaceholders). */
export function renderForSending(template: { subject: string; body: string }, values: Values) {
  const missing = placeholdersIn(`${template.subject}\n${template.body}`).filter(
    (key) => values[key] === undefined || values[key] === null,
  );
  if (missing.length > 0) throw new UnfilledPlaceholders(missing);
  const rendered = { subject: renderTemplate(template.subject, values), body: renderTemplate(template.body, values) };
  assertNoPlaceholders(rendered.subject, rendered.body);
  return rendered;
}
