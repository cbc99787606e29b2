import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { CAPTCHA_TTL_SECONDS } from '@orbit/shared/constants';
import type { Executor } from '../../db/client';
import { sysCaptcha } from '../../db/schema/auth';
import { badRequest } from '../../lib/errors';

/** Exactly the text form of a uuid: anything looser reaches the uuid column and fails there as a 500. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Captchas live in the database so that any server process can check them; two minutes, single use. */
export function createCaptchaService(db: Executor) {
  return {
    async issue(): Promise<{ uuid: string; img: string }> {
      // Loaded on the first captcha: its font library is megabytes of code a process without sign-ins never needs.
      const { default: svgCaptcha } = await import('svg-captcha');
      const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0o1il', color: true, background: '#f4f3ff' });
      const uuid = randomUUID();
      await db.delete(sysCaptcha).where(lt(sysCaptcha.expiresAt, sql`now()`));
      await db.insert(sysCaptcha).values({
        uuid,
        answer: captcha.text.toLowerCase(),
        expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000),
      });
      return { uuid, img: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
    },

    /** Consumes the captcha whatever the answer, so a guess can never be retried against it. */
    async check(uuid: string | undefined, code: string | undefined): Promise<void> {
      if (!code) throw badRequest('auth.captchaRequired');
      if (!uuid || !UUID_PATTERN.test(uuid)) throw badRequest('auth.captchaExpired');
      const [row] = await db
        .delete(sysCaptcha)
        .where(and(eq(sysCaptcha.uuid, uuid), gt(sysCaptcha.expiresAt, sql`now()`)))
        .returning({ answer: sysCaptcha.answer });
      if (!row) throw badRequest('auth.captchaExpired');
      if (row.answer !== code.trim().toLowerCase()) throw badRequest('auth.captchaWrong');
    },
  };
}
