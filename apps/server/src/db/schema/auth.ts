import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/**
 * E-mail codes for password reset ('reset'), code sign-in ('login') and confirming a new address
 * of one's own ('email'); stored hashed. A code belongs to an account (`user_id`) when the address
 * has one, so every spelling of that address shares one cool-down and one try budget; `email` is
 * the normalised address the code went to (the only key when no account has it).
 */
export const sysEmailCode = pgTable(
  'sys_email_code',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }),
    email: text('email').notNull(),
    purpose: text('purpose').$type<'reset' | 'login' | 'email'>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    index('sys_email_code_lookup_idx').on(t.email, t.purpose, t.createdAt),
    index('sys_email_code_user_idx').on(t.userId, t.purpose, t.createdAt),
  ],
);

/**
 * Attempt counters shared by every server process: sign-in failures per account and client address
 * and per account, captcha pictures per address. `hits` counts attempts in a fixed window that
 * starts at the first one; a new window starts once it has passed.
 */
export const sysThrottle = pgTable(
  'sys_throttle',
  {
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    client: text('client').notNull().default(''),
    hits: integer('hits').notNull(),
    windowStart: ts('window_start').notNull(),
  },
  (t) => [primaryKey({ columns: [t.action, t.subject, t.client] }), index('sys_throttle_window_idx').on(t.windowStart)],
);
