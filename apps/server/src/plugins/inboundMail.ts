import fp from 'fastify-plugin';
import { createInboundListener } from '../modules/crm/email/inbound/inboundListener';

declare module 'fastify' {
  interface FastifyInstance {
    /** The dropbox's SMTP listener when INBOUND_SMTP_PORT is set: the port it listens on once ready (null before, or without one). */
    inboundMail: { port: number | null };
  }
}

/**
 * E-mail in (docs/email.md): with INBOUND_SMTP_PORT, the dropbox's SMTP listener starts when the
 * server is ready (on HOST, like the API) and closes with it. Unset: no listener at all.
 */
export default fp(async (app) => {
  const state: { port: number | null } = { port: null };
  app.decorate('inboundMail', state);
  const port = app.config.inboundSmtpPort;
  if (port === undefined) return;
  const listener = createInboundListener({
    db: app.db,
    store: app.fileStore,
    dataDir: app.config.dataDir,
    maxMb: () => app.settings.get('attachmentMaxMb'),
    log: app.log,
  });
  app.addHook('onReady', async () => {
    state.port = await listener.listen(port, app.config.host);
    app.log.info(`inbound e-mail (the dropbox) listening on ${app.config.host}:${state.port}`);
  });
  app.addHook('onClose', async () => {
    await listener.close();
    state.port = null;
  });
});
