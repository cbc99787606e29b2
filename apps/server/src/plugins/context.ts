import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from '../lib/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
  }
}

/** Shares configuration, database and mailer with every route plugin. */
export default fp<{ config: Config; db: Db; mailer: Mailer }>(async (app, opts) => {
  app.decorate('config', opts.config);
  app.decorate('db', opts.db);
  app.decorate('mailer', opts.mailer);
});
