/**
 * Whether a failure means "the database cannot be reached right now" (a restart, a failover, a
 * connection closed by an administrator) rather than a fault of the request or of the code: such a
 * request is answered 503 and may be retried, and the pool reconnects by itself.
 */

/** PostgreSQL error codes: class 08 (connection exception) and the 57P0x shutdowns; 53300 too many connections. */
const SERVER_CODES = /^(08...|57P01|57P02|57P03|53300)$/;
/** Socket errors while connecting to or talking with the database host. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres errors without a code: the connection ended, or the pool found none in time. */
const DRIVER_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown };

/** True when the error, or one it wraps (drizzle wraps the driver's error), is a lost or refused database connection. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as ErrorLike | undefined, depth = 0; e && typeof e === 'object' && depth < 3; e = e.cause as ErrorLike | undefined, depth++) {
    if (typeof e.code === 'string' && (SERVER_CODES.test(e.code) || SOCKET_CODES.has(e.code))) return true;
    if (typeof e.message === 'string' && DRIVER_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/**
 * Runs `work`, and again (up to `attempts` times in all, `delayMs` apart) while it fails because
 * the database cannot be reached: for a write that must not be lost to a moment's outage, such as
 * giving back a counted sign-in attempt. Any other failure, or the last one, is thrown.
 */
export async function retryWhileUnavailable<T>(work: () => Promise<T>, attempts = 3, delayMs = 200): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isDatabaseUnavailable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
