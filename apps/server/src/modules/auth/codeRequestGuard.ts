import { CODE, EMAIL_CODE_LIMIT_MINUTES, EMAIL_CODE_PER_ADDRESS, EMAIL_CODE_PER_CLIENT } from '@orbit/shared/constants';
import type { MessageKey } from '@orbit/shared/messages';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { createCaptchaService } from './captcha.service';
import type { Reservation, ThrottleRule } from './throttle';
import { createThrottle } from './throttle';

const WINDOW_SECONDS = EMAIL_CODE_LIMIT_MINUTES * 60;
/** Codes asked for from one client address, to any addresses: one machine spraying many mailboxes. */
export const CODES_PER_CLIENT: ThrottleRule = { action: 'email-code-client', limit: EMAIL_CODE_PER_CLIENT, windowSeconds: WINDOW_SECONDS };
/** Codes mailed to one address, for any purpose, whoever asks: many machines flooding one mailbox. */
export const CODES_PER_ADDRESS: ThrottleRule = { action: 'email-code-address', limit: EMAIL_CODE_PER_ADDRESS, windowSeconds: WINDOW_SECONDS };

/** The refusal of a code over one of the limits, naming the minutes left of its window. */
export const codeLimitReached = (key: MessageKey, reservation: Reservation) =>
  new AppError(CODE.tooMany, key, { minutes: Math.ceil(reservation.retryAfterSeconds / 60) });

/**
 * What a request must pass before anything is mailed (password reset, code sign-in, a new
 * address of one's own): the captcha when the setting is on, as /login asks it, then the client
 * address's budget. The mailbox's own budget is counted where the code is written
 * (emailCode.service.ts), after the one-minute cool-down, so a refused request does not spend it.
 */
export function createCodeRequestGuard(app: FastifyInstance) {
  const captcha = createCaptchaService(app.db);
  const throttle = createThrottle(app.db);
  return {
    async admit(answer: { code?: string; uuid?: string }, clientAddress: string): Promise<void> {
      if (await app.settings.get('captchaEnabled')) await captcha.check(answer.uuid, answer.code);
      const reservation = await throttle.reserve(CODES_PER_CLIENT, clientAddress);
      if (!reservation.allowed) throw codeLimitReached('auth.codeClientLimit', reservation);
    },
  };
}
