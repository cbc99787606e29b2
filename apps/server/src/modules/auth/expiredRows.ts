import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sysCaptcha, sysEmailCode, sysSession, sysThrottle } from '../../db/schema/auth';

/**
 * Deletes what can no longer be used: expired sessions, captchas nobody answered, expired e-mail
 * codes (long past their one-minute cool-down, so the wait between two sends is kept), attempt
 * counters whose window ended a day ago (every window is far shorter). Idempotent, so every server
 * process may run it.
 */
export async function purgeExpiredAuthRows(db: Executor): Promise<void> {
  await db.delete(sysSession).where(lt(sysSession.expiresAt, sql`now()`));
  await db.delete(sysCaptcha).where(lt(sysCaptcha.expiresAt, sql`now()`));
  await db.delete(sysEmailCode).where(lt(sysEmailCode.expiresAt, sql`now()`));
  await db.delete(sysThrottle).where(lt(sysThrottle.windowStart, sql`now() - interval '1 day'`));
}
