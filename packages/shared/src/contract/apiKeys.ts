import { z } from 'zod';
import { requiredText } from '../validation';
import { dateRangeQuery, pageQuery, textFilter } from './common';

/**
 * Personal API keys (issue 34): a user's key acts as that user on the same API the web uses, sent
 * as `Authorization: Bearer orb_…`. The prefix tells a key from a session token at a glance (and
 * lets secret scanners recognise a leaked one); only the SHA-256 of the whole key is stored.
 */
export const API_KEY_PREFIX = 'orb_';
/** The key's length: the prefix and 32 random bytes in base64url (43 characters); a session token has 43 in all. */
export const API_KEY_LENGTH = API_KEY_PREFIX.length + 43;
export const API_KEY_NAME_MAX = 50;
/** Expiry in days from creation: what the profile page offers, and the longest a key may live. */
export const API_KEY_EXPIRY_DAYS = [7, 30, 90, 180, 365] as const;
export const API_KEY_MAX_DAYS = 365;
/** Keys a user may hold at once (not revoked, not expired): a leak-hunt stays a short list. */
export const API_KEY_MAX_ACTIVE = 20;
/** The setting `sys.apikey.requestsPerMinute`: its default and range. */
export const API_KEY_RATE_DEFAULT = 120;
export const API_KEY_RATE_RANGE = { min: 1, max: 100000 } as const;

/** Whether a bearer value is shaped like an API key (a session token never is: it is shorter). */
export const isApiKeyShaped = (token: string): boolean => token.length === API_KEY_LENGTH && token.startsWith(API_KEY_PREFIX);

export const createApiKeyBody = z.strictObject({
  name: requiredText(API_KEY_NAME_MAX),
  expiresInDays: z
    .number({ error: 'validation.required' })
    .int({ error: 'apiKey.expiryRange' })
    .min(1, { error: 'apiKey.expiryRange' })
    .max(API_KEY_MAX_DAYS, { error: 'apiKey.expiryRange' }),
  readOnly: z.boolean().default(false),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

export const apiKeyListQuery = z.object({ ...pageQuery, ...dateRangeQuery, userName: textFilter(30), name: textFilter(API_KEY_NAME_MAX) });
export type ApiKeyListQuery = z.infer<typeof apiKeyListQuery>;

/** `active`, or why the key no longer opens anything. */
export type ApiKeyStatus = 'active' | 'expired' | 'revoked';

/** A key as lists show it: never the key itself, only its first characters to recognise it by. */
export type ApiKeyRow = {
  keyId: number;
  name: string;
  /** The prefix and the first four random characters, e.g. `orb_Ab3x`. */
  keyHint: string;
  readOnly: boolean;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  status: ApiKeyStatus;
  /** Administrators' list only: whose key it is. */
  userName?: string;
  nickName?: string;
};

/** The answer to creating a key: the row, and the key itself, shown this once. */
export type CreatedApiKey = ApiKeyRow & { key: string };
