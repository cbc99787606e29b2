import { bigint, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * Sessions live in the database (hash of the opaque token only) so that any number of server
 * processes share them; `expiresAt` slides forward on use.
 */
export const sysSession = pgTable(
  'sys_session',
  {
    sessionId: bigint('session_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    ipaddr: text('ipaddr').notNull().default(''),
    browser: text('browser').notNull().default(''),
    os: text('os').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastActiveAt: ts('last_active_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [uniqueIndex('sys_session_token_uq').on(t.tokenHash), index('sys_session_user_idx').on(t.userId)],
);

/** Captcha answers: two minutes, single use. */
export const sysCaptcha = pgTable('sys_captcha', {
  uuid: uuid('uuid').primaryKey(),
  answer: text('answer').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/** E-mail codes for password reset ('reset') and code sign-in ('login'); stored hashed. */
export const sysEmailCode = pgTable(
  'sys_email_code',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    purpose: text('purpose').$type<'reset' | 'login'>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('sys_email_code_lookup_idx').on(t.email, t.purpose, t.createdAt)],
);
