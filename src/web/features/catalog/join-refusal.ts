import { OUT_OF_AREA_CODE } from '@/contracts/checkout-terms';
import { ApiError } from '@/web/lib/api';

/** The waitlist form's fields that the server may refuse one by one. */
export type JoinField = 'email' | 'zipCode';
export const joinFields: readonly JoinField[] = ['email', 'zipCode'];

/**
 * Where the refusal of POST /api/stock-alerts shows, in the server's English words (translated when shown): under
 * the field it is about, beside a link to rent now when the model turns out to be in stock (409), or over the
 * buttons for anything else (too many attempts, a model no longer offered, the network).
 */
export interface JoinRefusal {
  fields: Partial<Record<JoinField, string>>;
  inStock?: string;
  form?: string;
}

export function joinRefusalOf(error: unknown): JoinRefusal | undefined {
  if (!error) return undefined;
  if (!(error instanceof ApiError)) return { fields: {}, form: error instanceof Error ? error.message : String(error) };
  if (error.status === 409) return { fields: {}, inStock: error.message };
  // A ZIP outside the service area (422) is the ZIP field's, in the words that say how far it is.
  if (error.code === OUT_OF_AREA_CODE) return { fields: { zipCode: error.message } };
  const fields: JoinRefusal['fields'] = {};
  for (const name of joinFields) {
    const message = error.fieldErrors[name];
    if (message) fields[name] = message;
  }
  const aboutAField = Object.keys(fields).length > 0;
  const otherField = Object.entries(error.fieldErrors).find(([name]) => !joinFields.includes(name as JoinField));
  // A refusal of a field the visitor cannot see (the model) is said over the buttons.
  const form = otherField ? otherField[1] : aboutAField ? undefined : error.message;
  return form === undefined ? { fields } : { fields, form };
}

/** The first field a refusal is about, to move the focus to (undefined when it is about no field). */
export const firstRefusedField = (refusal: JoinRefusal | undefined): JoinField | undefined =>
  joinFields.find((name) => refusal?.fields[name]);
