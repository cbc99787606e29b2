import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sysThrottle } from '../../db/schema/auth';

/** What is counted, how many attempts a window allows, and how long a window lasts. */
export type ThrottleRule = { action: string; limit: number; windowSeconds: number };

/** A counted attempt: whether it may go ahead, and when its window ends. */
export type Reservation = { allowed: boolean; hits: number; windowStart: Date; retryAfterSeconds: number };

/**
 * Attempt counters in the database, shared by every server process. `reserve` counts an attempt
 * and decides in one statement (an upsert that returns the new count), so parallel attempts can
 * never both see the last free place: at most `limit` attempts of a window are allowed, whatever
 * the timing. A window starts at its first attempt; refused attempts do not prolong it.
 */
export function createThrottle(db: Executor) {
  return {
    async reserve(rule: ThrottleRule, subject: string, client = ''): Promise<Reservation> {
      const current = sql`${sysThrottle.windowStart} > now() - make_interval(secs => ${rule.windowSeconds})`;
      // Whole milliseconds, so that the start read back into a Date identifies the window exactly.
      const now = sql`date_trunc('milliseconds', now())`;
      const [row] = await db
        .insert(sysThrottle)
        .values({ action: rule.action, subject, client, hits: 1, windowStart: now })
        .onConflictDoUpdate({
          target: [sysThrottle.action, sysThrottle.subject, sysThrottle.client],
          set: {
            hits: sql`case when ${current} then ${sysThrottle.hits} + 1 else 1 end`,
            windowStart: sql`case when ${current} then ${sysThrottle.windowStart} else ${now} end`,
          },
        })
        .returning({ hits: sysThrottle.hits, windowStart: sysThrottle.windowStart });
      const { hits, windowStart } = row!;
      const endsInMs = windowStart.getTime() + rule.windowSeconds * 1000 - Date.now();
      return { allowed: hits <= rule.limit, hits, windowStart, retryAfterSeconds: Math.max(1, Math.ceil(endsInMs / 1000)) };
    },

    /** Gives back an allowed attempt that turned out not to count (a right password). */
    async release(rule: ThrottleRule, subject: string, client: string, reservation: Reservation): Promise<void> {
      await db
        .update(sysThrottle)
        .set({ hits: sql`greatest(${sysThrottle.hits} - 1, 0)` })
        .where(
          and(
            eq(sysThrottle.action, rule.action),
            eq(sysThrottle.subject, subject),
            eq(sysThrottle.client, client),
            eq(sysThrottle.windowStart, reservation.windowStart),
          ),
        );
    },

    /** Forgets every counter of a subject for an action (all client addresses). */
    async clear(action: string, subject: string): Promise<void> {
      await db.delete(sysThrottle).where(and(eq(sysThrottle.action, action), eq(sysThrottle.subject, subject)));
    },
  };
}
