import type { UseFormGetValues } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { saidByFields } from './form-errors';

// A form's getValues as react-hook-form answers it (the value at a dotted path), without rendering a form.
const values = { serialNumber: '', brand: 'Whynter', address: { zipCode: '' } };
const getValues = ((path: string) =>
  path
    .split('.')
    .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], values)) as UseFormGetValues<
  typeof values
>;

describe('saidByFields', () => {
  it('is true when every message of the refusal names a field of the form', () => {
    const refusal = new ApiError(409, 'Serial number already exists', { serialNumber: 'Serial number already exists' });
    expect(saidByFields(getValues, refusal)).toBe(true);
    expect(saidByFields(getValues, new ApiError(400, 'Bad', { 'address.zipCode': 'ZIP required', brand: 'x' }))).toBe(
      true,
    );
  });

  it('is false for a refusal without fields, one naming a field the form does not hold, or another error', () => {
    expect(saidByFields(getValues, new ApiError(409, 'The unit is rented'))).toBe(false);
    expect(saidByFields(getValues, new ApiError(400, 'Bad', { serialNumber: 'x', unitModelId: 'Pick a model' }))).toBe(
      false,
    );
    expect(saidByFields(getValues, new Error('network down'))).toBe(false);
  });
});
