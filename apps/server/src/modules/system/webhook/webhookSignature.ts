import { seal, SEALED_PREFIX, unseal } from '../../../lib/secretBox';
import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret: 32 random bytes, hex, prefixed so that it is recognisable in a receiver's config. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('hex')}`;

/** `X-Orbit-Signature`'s value: `sha256=` and the hex HMAC-SHA256 of the exact body bytes under the secret. */
export const signWebhookBody = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

/**
 * The secret as stored: sealed with ORBIT_SECRET_KEY when the server has one (lib/secretBox.ts), so a
 * database copy or backup cannot sign as Orbit; as it is otherwise (docs/decisions.md). The signer
 * must read it back, so it cannot be hashed like an API key.
 */
export const storedWebhookSecret = (secret: string, secretKey: string | undefined) => (secretKey ? seal(secretKey, secret) : secret);

/** The secret to sign with; null when it was sealed and the key is gone or another. */
export function signingSecret(stored: string, secretKey: string | undefined): string | null {
  if (!stored.startsWith(SEALED_PREFIX)) return stored;
  return secretKey ? unseal(secretKey, stored) : null;
}
