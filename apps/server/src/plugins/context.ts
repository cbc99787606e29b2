import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from '../lib/mailer';
import { fileStoreOf } from '../modules/files/fileStores';
import type { ObjectStore } from '../modules/files/objectStore';
import { createSettings, type Settings } from '../modules/system/config/settings';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
    /** Orbit's settings as they are now (System → Settings; modules/system/config/settings.ts). */
    settings: Settings;
    /** Where uploaded files' bytes are kept (modules/files/fileStores.ts chooses it). */
    fileStore: ObjectStore;
  }
}

/** Shares configuration, database, mailer, the settings reader and the file store with every route plugin. */
export default fp<{ config: Config; db: Db; mailer: Mailer }>(async (app, opts) => {
  app.decorate('config', opts.config);
  app.decorate('db', opts.db);
  app.decorate('mailer', opts.mailer);
  app.decorate('settings', createSettings(opts.db, opts.config));
  app.decorate('fileStore', fileStoreOf(opts.config));
});
