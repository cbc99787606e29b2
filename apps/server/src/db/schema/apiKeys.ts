import { bigint, boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * Personal API keys (modules/apiKeys): only the SHA-256 of a key is stored, with its first
 * characters to recognise it by. A revoked key keeps its row (who revoked it, when) so that the
 * lists still explain why it stopped working; `last_used_at` is written at most once a minute.
 */
export const sysApiKey = pgTable(
  'sys_api_key',
  {
    keyId: bigint('key_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    keyHint: text('key_hint').notNull(),
    readOnly: boolean('read_only').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
    revokedBy: text('revoked_by').notNull().default(''),
  },
  (t) => [uniqueIndex('sys_api_key_hash_uq').on(t.keyHash), index('sys_api_key_user_idx').on(t.userId)],
);
