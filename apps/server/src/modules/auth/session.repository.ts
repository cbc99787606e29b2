import { and, eq, getTableColumns, gt, ne, sql } from 'drizzle-orm';
import { UNNAMED_STATEMENT, type Executor } from '../../db/client';
import { sysSession } from '../../db/schema/auth';
import { DEL_FLAG_PRESENT } from '../../db/schema/columns';
import { sysDept, sysUser } from '../../db/schema/organisation';
import type { ClientInfo } from '../../lib/clientInfo';
import { currentUserColumns, toCurrentUser, type CurrentUser } from './currentUser';
import { hashToken, newToken } from './token';

/**
 * Sliding expiry is written at most once a minute per session, to keep reads cheap; with a very
 * short TTL (SESSION_TTL_MINUTES=1) at half the TTL, or the session would expire before any touch.
 */
const TOUCH_AFTER_MS = 60_000;

export type SessionRow = typeof sysSession.$inferSelect;

/**
 * The live session of a token hash with its user (see currentUser.ts), in one statement: it is
 * read on every API request, so its SQL is built once (an unnamed statement: see UNNAMED_STATEMENT).
 */
const prepareSessionRead = (db: Executor) =>
  db
    .select({ session: getTableColumns(sysSession), user: currentUserColumns })
    .from(sysSession)
    .leftJoin(sysUser, and(eq(sysUser.userId, sysSession.userId), eq(sysUser.delFlag, DEL_FLAG_PRESENT)))
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(and(eq(sysSession.tokenHash, sql.placeholder('tokenHash')), gt(sysSession.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare(UNNAMED_STATEMENT);

export function createSessionRepository(db: Executor, ttlMinutes: number) {
  const ttlMs = ttlMinutes * 60_000;
  const touchAfterMs = Math.min(TOUCH_AFTER_MS, ttlMs / 2);
  let sessionRead: ReturnType<typeof prepareSessionRead> | undefined;
  return {
    async create(userId: number, client: ClientInfo): Promise<string> {
      const token = newToken();
      await db.insert(sysSession).values({
        tokenHash: hashToken(token),
        userId,
        ...client,
        expiresAt: new Date(Date.now() + ttlMs),
      });
      return token;
    },

    /**
     * The live session of a token, its expiry moved forward, with its user (undefined when the
     * user is gone or disabled); undefined when the token is unknown or expired.
     */
    async touch(token: string): Promise<{ session: SessionRow; user: CurrentUser | undefined } | undefined> {
      const now = new Date();
      sessionRead ??= prepareSessionRead(db);
      const [row] = await sessionRead.execute({ tokenHash: hashToken(token), now });
      if (!row) return undefined;
      if (now.getTime() - row.session.lastActiveAt.getTime() > touchAfterMs) {
        await db
          .update(sysSession)
          .set({ lastActiveAt: now, expiresAt: new Date(now.getTime() + ttlMs) })
          .where(eq(sysSession.sessionId, row.session.sessionId));
      }
      return { session: row.session, user: toCurrentUser(row.user) };
    },

    async revoke(sessionId: number): Promise<void> {
      await db.delete(sysSession).where(eq(sysSession.sessionId, sessionId));
    },

    /** Every session of a user except one (the caller's own, after a password change). */
    async revokeOthers(userId: number, keepSessionId?: number): Promise<void> {
      await db
        .delete(sysSession)
        .where(keepSessionId ? and(eq(sysSession.userId, userId), ne(sysSession.sessionId, keepSessionId)) : eq(sysSession.userId, userId));
    },
  };
}
