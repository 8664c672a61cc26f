import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L: a customer reading it over the phone cannot confuse two characters.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** 'order-' plus 8 characters people can type; ~8.5e11 combinations, and a unique index catches a clash. */
export function newOrderNumber(): string {
  let suffix = '';
  for (let i = 0; i < 8; i += 1) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `order-${suffix}`;
}
