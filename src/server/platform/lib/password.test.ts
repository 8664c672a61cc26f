import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('uses argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('open sesame');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(hash, 'open sesame')).toBe(true);
    expect(await verifyPassword(hash, 'open sesame!')).toBe(false);
    expect(await verifyPassword('not a hash', 'open sesame')).toBe(false);
  });
});
