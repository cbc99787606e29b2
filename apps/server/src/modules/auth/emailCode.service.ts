import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  CODE,
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_RESEND_SECONDS,
  EMAIL_CODE_TTL_MINUTES,
} from '@orbit/shared/constants';
import { translate, type MessageKey, type MessageParams } from '@orbit/shared/messages';
import { normaliseEmail } from '@orbit/shared/patterns';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { sysEmailCode } from '../../db/schema/auth';
import { AppError } from '../../lib/errors';
import { CODES_PER_ADDRESS, codeLimitReached } from './codeRequestGuard';
import { createThrottle } from './throttle';
import { findUserByEmail, type UserRow } from './user.lookup';

export type CodePurpose = 'reset' | 'login' | 'email';

/**
 * Whose code it is: an account (every spelling of its address shares the code, its cool-down and
 * its tries), or for an address without an account the normalised address itself. `email` is
 * where the code went.
 */
type CodeOwner = { userId: number | null; email: string };

const ownerKey = (owner: CodeOwner) => (owner.userId === null ? `address:${owner.email}` : `user:${owner.userId}`);
const hashCode = (owner: CodeOwner, code: string) => createHash('sha256').update(`${ownerKey(owner)}:${code}`).digest('hex');
const ownedBy = (owner: CodeOwner) =>
  owner.userId === null ? and(isNull(sysEmailCode.userId), eq(sysEmailCode.email, owner.email)) : eq(sysEmailCode.userId, owner.userId);

const MAIL: Record<CodePurpose, { subject: MessageKey; body: MessageKey }> = {
  reset: { subject: 'auth.mailResetSubject', body: 'auth.mailResetBody' },
  login: { subject: 'auth.mailLoginSubject', body: 'auth.mailLoginBody' },
  email: { subject: 'auth.mailEmailSubject', body: 'auth.mailEmailBody' },
};

/**
 * Six-digit e-mail codes: ten minutes, single use, burnt after five wrong tries, one per minute,
 * and at most EMAIL_CODE_PER_ADDRESS an hour to one address (codeRequestGuard.ts).
 * A code row is written for every request, known address or not, so that neither the answer nor
 * the cool-down reveals whether an address belongs to an account; only known addresses get mail.
 */
export function createEmailCodeService(app: FastifyInstance) {
  /** Writes a new code for the owner (replacing any earlier one of the purpose) and answers it. */
  async function issue(owner: CodeOwner, purpose: CodePurpose): Promise<string> {
    const code = String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
    await app.db.transaction(async (tx) => {
      // One sender per owner and purpose at a time, so two requests at once cannot both pass the
      // cool-down (the lock ends with the transaction).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-code:${purpose}:${ownerKey(owner)}`}))`);
      const mine = and(ownedBy(owner), eq(sysEmailCode.purpose, purpose));
      const [last] = await tx.select({ createdAt: sysEmailCode.createdAt }).from(sysEmailCode).where(mine).orderBy(desc(sysEmailCode.createdAt)).limit(1);
      const waited = last ? (Date.now() - last.createdAt.getTime()) / 1000 : Infinity;
      if (waited < EMAIL_CODE_RESEND_SECONDS) {
        throw new AppError(CODE.tooMany, 'auth.codeCooldown', { seconds: Math.ceil(EMAIL_CODE_RESEND_SECONDS - waited) });
      }
      // The mailbox's budget, counted in this transaction: a refusal rolls its count back. Keyed by
      // the address the code goes to, with or without an account, so the limit tells nothing.
      const budget = await createThrottle(tx).reserve(CODES_PER_ADDRESS, owner.email);
      if (!budget.allowed) throw codeLimitReached('auth.codeAddressLimit', budget);
      await tx.update(sysEmailCode).set({ usedAt: new Date() }).where(and(mine, isNull(sysEmailCode.usedAt)));
      await tx.insert(sysEmailCode).values({
        userId: owner.userId,
        email: owner.email,
        purpose,
        codeHash: hashCode(owner, code),
        expiresAt: new Date(Date.now() + EMAIL_CODE_TTL_MINUTES * 60_000),
      });
    });
    return code;
  }

  /**
   * Not awaited: neither the answer's timing nor an SMTP failure may tell the caller that the
   * address has an account. A failure is logged for the administrator.
   */
  function mail(to: string, lang: 'en' | 'zh', keys: { subject: MessageKey; body: MessageKey }, params: MessageParams): void {
    app.mailer
      .send({ to, subject: translate(lang, keys.subject), text: translate(lang, keys.body, params) })
      .catch((error: unknown) => app.log.error({ err: error, subject: keys.subject }, 'could not send an e-mail'));
  }

  /**
   * Checks a code inside the caller's transaction and answers instead of throwing, so that the
   * attempt a wrong code counts is committed; `consume` marks a right one used.
   */
  async function verify(db: Executor, owner: CodeOwner, code: string, purpose: CodePurpose, consume: boolean): Promise<boolean> {
    const [row] = await db
      .select()
      .from(sysEmailCode)
      .where(and(ownedBy(owner), eq(sysEmailCode.purpose, purpose), isNull(sysEmailCode.usedAt), gt(sysEmailCode.expiresAt, sql`now()`)))
      .orderBy(desc(sysEmailCode.createdAt))
      .limit(1)
      .for('update');
    if (!row) return false;
    // A code proves the address it went to, and no other.
    if (row.email !== owner.email || row.codeHash !== hashCode(owner, code)) {
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

  /** The owner of a typed address: its account when it has one (found by the normalised address). */
  async function ownerOf(db: Executor, email: string): Promise<{ owner: CodeOwner; user: UserRow | undefined }> {
    const user = await findUserByEmail(db, email);
    return { owner: { userId: user?.userId ?? null, email: user?.email ?? normaliseEmail(email) }, user };
  }

  return {
    /** A reset or sign-in code for an address: mailed only when it belongs to an account. */
    async send(email: string, purpose: 'reset' | 'login', lang: 'en' | 'zh'): Promise<void> {
      const { owner, user } = await ownerOf(app.db, email);
      const code = await issue(owner, purpose);
      if (user) mail(user.email, lang, MAIL[purpose], { code, minutes: EMAIL_CODE_TTL_MINUTES });
    },

    /** The account whose address and right code these are (`undefined` for a wrong code or no account). */
    async verifyAccount(db: Executor, email: string, code: string, purpose: 'reset' | 'login', consume: boolean): Promise<UserRow | undefined> {
      const { owner, user } = await ownerOf(db, email);
      return (await verify(db, owner, code, purpose, consume)) ? user : undefined;
    },

    /** A code to the address a signed-in user wants as their own, with the same cool-down and tries. */
    async sendToNewAddress(user: Pick<UserRow, 'userId' | 'userName'>, email: string, lang: 'en' | 'zh'): Promise<void> {
      const code = await issue({ userId: user.userId, email }, 'email');
      mail(email, lang, MAIL.email, { code, minutes: EMAIL_CODE_TTL_MINUTES, userName: user.userName });
    },

    verifyNewAddress: (db: Executor, userId: number, email: string, code: string) => verify(db, { userId, email }, code, 'email', true),

    mail,
  };
}
