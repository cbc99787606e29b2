import fp from 'fastify-plugin';
import { purgeExpiredAuthRows } from '../modules/auth/expiredRows';
import { purgeRecycleBin } from '../modules/crm/engine/records/purgeRecycleBin';
import { purgeExpiredFiles } from '../modules/files/expiredFiles';

const EVERY_MS = 10 * 60_000;

/**
 * Removes expired sign-in rows, records past the recycle bin's 30 days and files past their
 * retention (the setting sys.file.retentionDays, FILE_RETENTION_DAYS by default) once the server is ready and every ten minutes after, so those
 * tables (and the files directory) stay small.
 */
export default fp(async (app) => {
  const purge = () => {
    void purgeExpiredAuthRows(app.db).catch((err: unknown) => app.log.warn({ err }, 'could not purge expired sessions and codes'));
    void purgeRecycleBin(app.db, app.fileStore).catch((err: unknown) => app.log.warn({ err }, 'could not empty the recycle bins'));
    void app.settings
      .get('fileRetentionDays')
      .then((days) => purgeExpiredFiles(app.db, app.config.dataDir, days))
      .catch((err: unknown) => app.log.warn({ err }, 'could not remove expired files'));
  };
  const timer = setInterval(purge, EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => purge());
  app.addHook('onClose', async () => clearInterval(timer));
});
