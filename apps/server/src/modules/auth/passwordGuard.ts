import { CODE, LOGIN_ACCOUNT_MAX_FAILURES, LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@orbit/shared/constants';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import type { ClientInfo } from '../../lib/clientInfo';
import { retryWhileUnavailable } from '../../lib/databaseUnavailable';
import { AppError } from '../../lib/errors';
import { verifyPassword } from './password';
import { createSettings } from '../system/config/settings';
import { createThrottle, type Reservation, type ThrottleRule } from './throttle';
import { signInName, type UserRow } from './user.lookup';

/** Wrong passwords for one user name from one client address (limit and window: the lock-out settings). */
export const perAddress = (limit: number, lockMinutes: number): ThrottleRule => ({ action: 'password', limit, windowSeconds: lockMinutes * 60 });
/** Wrong passwords for one user name from all addresses together: slows a guesser with many addresses. */
export const perAccount = (lockMinutes: number): ThrottleRule => ({ action: 'password-account', limit: LOGIN_ACCOUNT_MAX_FAILURES, windowSeconds: lockMinutes * 60 });
/** The rules with the built-in defaults (LOGIN_MAX_FAILURES in LOGIN_LOCK_MINUTES). */
export const PER_ADDRESS = perAddress(LOGIN_MAX_FAILURES, LOGIN_LOCK_MINUTES);
export const PER_ACCOUNT = perAccount(LOGIN_LOCK_MINUTES);

/** Hashed for unknown user names, so that they take as long as known ones. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0000000000000000000000000000000000000000000';

export type PasswordCheck = 'right' | 'wrong';

/** The refusal of an attempt over the limit; it names the minutes left of the window. */
export const tooManyAttempts = (reservation: Reservation) =>
  new AppError(CODE.tooMany, 'auth.userLocked', { minutes: Math.ceil(reservation.retryAfterSeconds / 60) });

/**
 * Every check of a password someone types for an account (sign-in, and the current password asked
 * by the profile) goes through here. The attempt is counted before the password is verified and
 * the count decides, in one statement per counter, so parallel guesses get no more than the limit;
 * a right password gives its places back. The address an account last signed in from is not
 * counted against the account-wide limit: a guesser elsewhere cannot keep its owner out.
 */
export function createPasswordGuard(db: Executor, config?: Config) {
  const throttle = createThrottle(db);
  // The lock-out settings (System → Settings) as they are now; without the configuration, the defaults.
  const rules = async (): Promise<[ThrottleRule, ThrottleRule]> => {
    if (!config) return [PER_ADDRESS, PER_ACCOUNT];
    const { loginMaxRetries, loginLockMinutes } = await createSettings(db, config).read(['loginMaxRetries', 'loginLockMinutes']);
    return [perAddress(loginMaxRetries, loginLockMinutes), perAccount(loginLockMinutes)];
  };

  return {
    /** 'right' or 'wrong', or throws 429 when the attempt is over a limit (then nothing is verified). */
    async check(userName: string, user: UserRow | undefined, password: string, client: ClientInfo): Promise<PasswordCheck> {
      // Keyed by the name as typed (in its lookup form), so unknown names are counted exactly like
      // known ones and the answers never tell them apart.
      const subject = signInName(userName);
      const held: Array<[ThrottleRule, string, Reservation]> = [];
      // Retried through a moment's database outage: a right password, or an attempt never
      // verified, must not stay counted (enough of them would lock the owner out).
      const giveBack = async () => {
        for (const [rule, address, reservation] of held) await retryWhileUnavailable(() => throttle.release(rule, subject, address, reservation));
      };
      try {
        const [addressRule, accountRule] = await rules();
        const counters: Array<[ThrottleRule, string]> = [[addressRule, client.ipaddr]];
        if (user?.loginIp !== client.ipaddr) counters.push([accountRule, '']);
        for (const [rule, address] of counters) {
          const reservation = await throttle.reserve(rule, subject, address);
          if (!reservation.allowed) {
            // A refused attempt was counted by the upsert that refused it; it is given back too, so
            // that the count stays the attempts let through and a right password's returned
            // place is really free again.
            await throttle.release(rule, subject, address, reservation);
            throw tooManyAttempts(reservation);
          }
          held.push([rule, address, reservation]);
        }
      } catch (error) {
        await giveBack().catch(() => undefined);
        throw error;
      }
      const right = (await verifyPassword(user?.password ?? DUMMY_HASH, password)) && user !== undefined;
      if (!right) return 'wrong';
      await giveBack();
      return 'right';
    },

    /** Lifts every sign-in limit of a user name (administrator's unlock, a new password). */
    async clear(userName: string): Promise<void> {
      for (const rule of [PER_ADDRESS, PER_ACCOUNT]) await throttle.clear(rule.action, signInName(userName));
    },
  };
}
