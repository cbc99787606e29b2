import fp from 'fastify-plugin';
import { purgeExpiredAuthRows } from '../modules/auth/expiredRows';
import { purgeRecycleBin } from '../modules/crm/engine/records/purgeRecycleBin';

const EVERY_MS = 10 * 60_000;

/**
 * Removes expired sign-in rows and records past the recycle bin's 30 days once the server is ready
 * and every ten minutes after, so those tables stay small.
 */
export default fp(async (app) => {
  const purge = () => {
    void purgeExpiredAuthRows(app.db).catch((err: unknown) => app.log.warn({ err }, 'could not purge expired sessions and codes'));
    void purgeRecycleBin(app.db).catch((err: unknown) => app.log.warn({ err }, 'could not empty the recycle bins'));
  };
  const timer = setInterval(purge, EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => purge());
  app.addHook('onClose', async () => clearInterval(timer));
});
