import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sysSession } from '../../db/schema/auth';
import type { ClientInfo } from '../../lib/clientInfo';
import { toCurrentUser, type CurrentUser } from './currentUser';
import { readSession, type SessionRow } from './sessionRead';
import { hashToken, newToken } from './token';

/**
 * Sliding expiry is written at most once a minute per session, to keep reads cheap; with a very
 * short TTL (SESSION_TTL_MINUTES=1) at half the TTL, or the session would expire before any touch.
 */
const TOUCH_AFTER_MS = 60_000;

export function createSessionRepository(db: Executor, ttlMinutes: number) {
  const ttlMs = ttlMinutes * 60_000;
  const touchAfterMs = Math.min(TOUCH_AFTER_MS, ttlMs / 2);
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
      const row = await readSession(db, hashToken(token), now);
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
