import fp from 'fastify-plugin';
import { REPORTING_MAX_LAG_DEFAULT_SECONDS } from '@orbit/shared/contract/health';
import { openReporting, primaryOnly, type Reporting } from '../db/reporting';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where reports, dashboards and exports read: REPORTING_DATABASE_URL's replica, or the primary (db/reporting.ts). */
    reporting: Reporting;
  }
}

/** Opens the reporting replica's pool when REPORTING_DATABASE_URL is set (PostgreSQL only; config.ts refuses it otherwise). */
export default fp(async (app) => {
  const url = app.config.reportingDatabaseUrl;
  const reporting = url
    ? openReporting({
        url,
        primary: app.db,
        maxLagSeconds: () => app.settings.get('reportingMaxLagSeconds').catch(() => REPORTING_MAX_LAG_DEFAULT_SECONDS),
        log: app.log,
      })
    : primaryOnly(app.db);
  app.decorate('reporting', reporting);
  // Measured once at start, so that the log tells from the first minute where reports read.
  if (url) app.addHook('onReady', async () => void (await reporting.status()));
  app.addHook('onClose', async () => reporting.close());
});
