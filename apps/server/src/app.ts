import Fastify, { type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import { constants as zlib } from 'node:zlib';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX, APP_VERSION, VERSION_HEADER } from '@orbit/shared/constants';
import type { Config } from './config';
import type { Db } from './db/client';
import { createMailer, type Mailer } from './lib/mailer';
import authPlugin from './plugins/auth';
import automationPlugin from './plugins/automation';
import contextPlugin from './plugins/context';
import errorsPlugin from './plugins/errors';
import housekeepingPlugin from './plugins/housekeeping';
import i18nPlugin from './plugins/i18n';
import inboundMailPlugin from './plugins/inboundMail';
import jobsPlugin from './plugins/jobs';
import nulCharactersPlugin from './plugins/nulCharacters';
import operLogPlugin from './plugins/operLog';
import reportingPlugin from './plugins/reporting';
import ruoyiDatesPlugin from './plugins/ruoyiDates';
import webApp from './plugins/webApp';
import { OPENAPI_AUTH, OPENAPI_AUTH_DESCRIPTION } from './modules/system/apiKey/openApiAuth';
import { loadCrmModules } from './modules/crm/engine/crmModules';
import { loadModuleFiles } from './modules/moduleFiles';

export type AppOptions = {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
};

/** Builds the whole server (API under /dev-api, and the web app when built) without listening. */
export async function buildApp({ config, db, logger, mailer }: AppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // antd writes its styles at run time; images include the captcha's data: URI and avatars.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        // A record's PDF file is previewed in a frame from its bytes fetched with the session (a blob: URL).
        'frame-src': ["'self'", 'blob:'],
        'upgrade-insecure-requests': null,
      },
    },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header(VERSION_HEADER, APP_VERSION);
    // API answers belong to one user at one moment: no browser or proxy may keep them. A route
    // with a policy of its own keeps it (avatars, whose names change with their content).
    if (request.url.startsWith(`${API_PREFIX}/`) && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });
  await app.register(i18nPlugin);
  await app.register(errorsPlugin, { apiErrorStatus: config.apiErrorStatus });
  await app.register(nulCharactersPlugin);
  await app.register(contextPlugin, {
    config,
    db,
    mailer: mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
  });
  await app.register(reportingPlugin);
  await app.register(authPlugin);
  await app.register(housekeepingPlugin);
  await app.register(jobsPlugin);
  await app.register(automationPlugin);
  await app.register(inboundMailPlugin);
  // The OpenAPI document is generated from the same zod schemas that validate the requests.
  await app.register(swagger, {
    openapi: { ...OPENAPI_AUTH, info: { title: 'Orbit CRM API', version: APP_VERSION, description: OPENAPI_AUTH_DESCRIPTION }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
  });
  await app.register(operLogPlugin);
  await app.register(ruoyiDatesPlugin);

  // The business modules register with the records engine before any route can reach it.
  await loadCrmModules();
  const routePlugins = await loadModuleFiles<FastifyPluginAsync>('routes');
  await app.register(
    async (api) => {
      // API answers over 1 KiB go compressed (lists, metadata, the OpenAPI document). Per request,
      // so a fast brotli level: 4 keeps most of level 11's gain at a fraction of its CPU. Only in
      // this scope: built assets are compressed once at build time (plugins/webApp.ts).
      await api.register(compress, {
        threshold: 1024,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
        zlibOptions: { level: 6 },
      });
      for (const { exported } of routePlugins) await api.register(exported);
      api.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );

  if (config.webDist) await app.register(webApp, { root: config.webDist });
  return app;
}
