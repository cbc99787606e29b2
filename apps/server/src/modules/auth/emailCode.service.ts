import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  CODE,
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_RESEND_SECONDS,
  EMAIL_CODE_TTL_MINUTES,
} from '@orbit/shared/constants';
import { translate } from '@orbit/shared/messages';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { sysEmailCode } from '../../db/schema/auth';
import { AppError } from '../../lib/errors';
import { findUserByEmail } from './user.lookup';

export type CodePurpose = 'reset' | 'login';

const normalise = (email: string) => email.trim().toLowerCase();
const hashCode = (email: string, code: string) => createHash('sha256').update(`${normalise(email)}:${code}`).digest('hex');

/**
 * Six-digit e-mail codes: ten minutes, single use, burnt after five wrong tries, one per minute.
 * A code row is written for every request, known address or not, so that neither the answer nor
 * the cool-down reveals whether an address belongs to an account; only known addresses get mail.
 */
export function createEmailCodeService(app: FastifyInstance) {
  async function send(email: string, purpose: CodePurpose, lang: 'en' | 'zh'): Promise<void> {
    const address = normalise(email);
    const code = String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
    await app.db.transaction(async (tx) => {
      // One sender per address and purpose at a time, so two requests at once cannot both pass
      // the cool-down (the lock ends with the transaction).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-code:${purpose}:${address}`}))`);
      const [last] = await tx
        .select({ createdAt: sysEmailCode.createdAt })
        .from(sysEmailCode)
        .where(and(eq(sysEmailCode.email, address), eq(sysEmailCode.purpose, purpose)))
        .orderBy(desc(sysEmailCode.createdAt))
        .limit(1);
      const waited = last ? (Date.now() - last.createdAt.getTime()) / 1000 : Infinity;
      if (waited < EMAIL_CODE_RESEND_SECONDS) {
        throw new AppError(CODE.tooMany, 'auth.codeCooldown', { seconds: Math.ceil(EMAIL_CODE_RESEND_SECONDS - waited) });
      }
      // A new code replaces any earlier one of the same purpose.
      await tx
        .update(sysEmailCode)
        .set({ usedAt: new Date() })
        .where(and(eq(sysEmailCode.email, address), eq(sysEmailCode.purpose, purpose), isNull(sysEmailCode.usedAt)));
      await tx.insert(sysEmailCode).values({
        email: address,
        purpose,
        codeHash: hashCode(address, code),
        expiresAt: new Date(Date.now() + EMAIL_CODE_TTL_MINUTES * 60_000),
      });
    });
    const user = await findUserByEmail(app.db, address);
    if (!user) return;
    const params = { code, minutes: EMAIL_CODE_TTL_MINUTES };
    // Not awaited: neither the answer's timing nor an SMTP failure may tell the caller that the
    // address has an account. A failure is logged for the administrator.
    app.mailer
      .send({
        to: user.email,
        subject: translate(lang, purpose === 'reset' ? 'auth.mailResetSubject' : 'auth.mailLoginSubject'),
        text: translate(lang, purpose === 'reset' ? 'auth.mailResetBody' : 'auth.mailLoginBody', params),
      })
      .catch((error: unknown) => app.log.error({ err: error, purpose }, 'could not send an e-mail code'));
  }

  /**
   * Checks a code inside the caller's transaction and answers instead of throwing, so that the
   * attempt a wrong code counts is committed; `consume` marks a right one used.
   */
  async function verify(db: Executor, email: string, code: string, purpose: CodePurpose, consume: boolean): Promise<boolean> {
    const address = normalise(email);
    const [row] = await db
      .select()
      .from(sysEmailCode)
      .where(
        and(
          eq(sysEmailCode.email, address),
          eq(sysEmailCode.purpose, purpose),
          isNull(sysEmailCode.usedAt),
          gt(sysEmailCode.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(sysEmailCode.createdAt))
      .limit(1)
      .for('update');
    if (!row) return false;
    if (row.codeHash !== hashCode(address, code)) {
      const attempts = row.attempts + 1;
      await db
        .update(sysEmailCode)
        .set({ attempts, usedAt: attempts >= EMAIL_CODE_MAX_ATTEMPTS ? new Date() : null })
        .where(eq(sysEmailCode.id, row.id));
      return false;
    }
    if (consume) await db.update(sysEmailCode).set({ usedAt: new Date() }).where(eq(sysEmailCode.id, row.id));
    return true;
  }

  return { send, verify };
}
