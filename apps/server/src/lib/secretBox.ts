import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the database keeps but must not give away (the SMTP password set in Settings): AES-256-GCM
 * with a key from the environment (ORBIT_SECRET_KEY, hashed to 32 bytes), a fresh IV per seal. A
 * database copy or backup without the key reads nothing; a changed key opens nothing (null).
 */
const VERSION = 'v1';
/** How every sealed text starts (a webhook secret stored without a key does not: `whsec_…`). */
export const SEALED_PREFIX = `${VERSION}:`;

const keyOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

export function seal(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

/** The sealed text opened, or null when it was sealed with another key (or is not a seal at all). */
export function unseal(secret: string, sealed: string): string | null {
  const [version, data] = sealed.split(':');
  if (version !== VERSION || !data) return null;
  const raw = Buffer.from(data, 'base64');
  if (raw.length < 28) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
