import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals short secrets kept in the database (the authenticator apps' shared secrets, ADR 031) with AES-256-GCM under
 * a key derived from SESSION_SECRET, so a copy of the database or of a backup alone cannot mint codes. Each purpose
 * gets its own key (HKDF's info), so a sealed value is never valid for another purpose.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The plain text, or null when the value was sealed under another SESSION_SECRET or altered. */
  open(sealed: string): string | null;
}

const VERSION = 'v1';

export function secretBox(sessionSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, 'coolrent secret box', purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || !iv || !body || !tag) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
          authTagLength: 16,
        });
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** The box the two-factor secrets are sealed in. */
export const totpSecretBox = (sessionSecret: string) => secretBox(sessionSecret, 'admin totp secret');
