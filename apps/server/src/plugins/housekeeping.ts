import fp from 'fastify-plugin';
import { purgeExpiredAuthRows } from '../modules/auth/expiredRows';

const EVERY_MS = 10 * 60_000;

/** Removes expired sign-in rows once the server is ready and every ten minutes after, so those tables stay small. */
export default fp(async (app) => {
  const purge = () => void purgeExpiredAuthRows(app.db).catch((err: unknown) => app.log.warn({ err }, 'could not purge expired sessions and codes'));
  const timer = setInterval(purge, EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => purge());
  app.addHook('onClose', async () => clearInterval(timer));
});
