import fp from 'fastify-plugin';
import { AutomationWorker } from '../modules/crm/automation/automationWorker';

declare module 'fastify' {
  interface FastifyInstance {
    automation: AutomationWorker;
  }
}

/** Workflow rules and webhooks run after commit by this process's automation worker (crm/automation). */
export default fp(async (app) => {
  const worker = new AutomationWorker({ db: app.db, settings: app.settings, config: app.config, log: app.log });
  app.decorate('automation', worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.close());
});
