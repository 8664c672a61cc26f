import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { secondFactorCode } from '@/contracts/admin/two-factor';
import { secretBox, totpSecretBox } from './secret-box';
import {
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  totpStepAt,
  totpUri,
  TOTP_PERIOD_SECONDS,
} from './totp';

const secret = newTotpSecret();
// The start of a time step, so "one step later" is exactly 30 s on.
const stepStart = new Date(Math.floor(Date.UTC(2026, 5, 1, 12) / 30_000) * 30_000);
const at = (seconds: number) => new Date(stepStart.getTime() + seconds * 1000);
const codeAt = (when: Date) => generate({ secret, epoch: Math.floor(when.getTime() / 1000) });

describe('TOTP codes', () => {
  it('makes a secret of 160 bits in base32 and an otpauth address the apps read', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    expect(totpUri(secret, 'owner')).toBe(`otpauth://totp/CoolRent:owner?secret=${secret}&issuer=CoolRent`);
  });

  it('accepts the current code, and the codes one step before and after (a phone a little off)', async () => {
    const step = totpStepAt(at(0));
    expect(await matchTotp(secret, await codeAt(at(0)), at(29), null)).toBe(step);
    expect(await matchTotp(secret, await codeAt(at(-TOTP_PERIOD_SECONDS)), at(0), null)).toBe(step - 1);
    expect(await matchTotp(secret, await codeAt(at(TOTP_PERIOD_SECONDS)), at(0), null)).toBe(step + 1);
  });

  it('refuses a code two steps away, a wrong code and anything but six digits', async () => {
    expect(await matchTotp(secret, await codeAt(at(-2 * TOTP_PERIOD_SECONDS)), at(0), null)).toBeNull();
    expect(await matchTotp(secret, await codeAt(at(2 * TOTP_PERIOD_SECONDS)), at(0), null)).toBeNull();
    const right = await codeAt(at(0));
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(await matchTotp(secret, wrong, at(0), null)).toBeNull();
    for (const malformed of ['', '12345', '1234567', 'abcdef', `${right} `]) {
      expect(await matchTotp(secret, malformed, at(0), null)).toBeNull();
    }
  });

  it('refuses a code for a step already used, or older: the same code twice is refused', async () => {
    const step = totpStepAt(at(0));
    const code = await codeAt(at(0));
    expect(await matchTotp(secret, code, at(0), step - 1)).toBe(step);
    expect(await matchTotp(secret, code, at(0), step)).toBeNull();
    expect(await matchTotp(secret, code, at(10), step)).toBeNull();
    expect(await matchTotp(secret, await codeAt(at(-TOTP_PERIOD_SECONDS)), at(0), step)).toBeNull();
    // The next step's code is still good.
    expect(await matchTotp(secret, await codeAt(at(TOTP_PERIOD_SECONDS)), at(TOTP_PERIOD_SECONDS), step)).toBe(
      step + 1,
    );
  });

  it('matches the RFC 6238 test vector (SHA-1, 8 digits at 59 s → 94287082; 6 digits: 287082)', async () => {
    // RFC 6238 appendix B's secret "12345678901234567890" in base32.
    const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(await matchTotp(rfcSecret, '287082', new Date(59_000), null)).toBe(1);
  });
});

describe('recovery codes', () => {
  it('makes ten different codes of 16 characters (80 bits) in groups of four', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
  });

  it('reads a code however it is typed: case, spaces, dashes, and i/l/o for 1/1/0', () => {
    const [code] = newRecoveryCodes();
    const hash = hashRecoveryCode(code!);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(code!.toUpperCase().replaceAll('-', ' '))).toBe(hash);
    expect(normaliseRecoveryCode('AbCd-1O1L iooo-0000')).toBe('abcd101110000000');
  });

  it('is accepted by the sign-in form as typed, and refused when it is neither a code nor a recovery code', () => {
    expect(secondFactorCode.parse(' 123 456 ')).toBe('123456');
    expect(secondFactorCode.parse('ABCD-EFGH-JKMN-PQRS')).toBe('abcdefghjkmnpqrs');
    for (const bad of ['12345', '1234567', 'abcd-efgh', 'abcd-efgh-jkmn-pqrs-tvwx', '12345!']) {
      expect(secondFactorCode.safeParse(bad).success).toBe(false);
    }
  });
});

describe('the secret box', () => {
  it('seals and opens a secret, differently each time, and refuses another key or an altered value', () => {
    const box = totpSecretBox('a session secret of at least thirty-two characters');
    const sealed = box.seal(secret);
    expect(sealed).not.toContain(secret);
    expect(box.seal(secret)).not.toBe(sealed);
    expect(box.open(sealed)).toBe(secret);
    expect(totpSecretBox('another session secret, also thirty-two characters').open(sealed)).toBeNull();
    expect(secretBox('a session secret of at least thirty-two characters', 'another purpose').open(sealed)).toBeNull();
    const [version, iv, body, tag] = sealed.split('.');
    // The first character: the last one of base64 may carry only padding bits.
    const flipped = (body!.startsWith('A') ? 'B' : 'A') + body!.slice(1);
    expect(box.open([version, iv, flipped, tag].join('.'))).toBeNull();
    expect(box.open([version, iv, body, tag!.slice(0, 6)].join('.'))).toBeNull();
    expect(box.open('not sealed')).toBeNull();
  });
});
