import { existsSync, statSync } from 'node:fs';
import { API_PREFIX } from '@orbit/shared/constants';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/**
 * Serves the built web app from the same port as the API: real files as they are, any other
 * non-API path gets index.html so that the client router can handle it. Hashed assets are cached
 * for a year; index.html never, so a new version is picked up at once.
 */
const webApp: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  await app.register(fastifyStatic, { root, serve: false });
  const indexFile = path.join(root, 'index.html');

  app.get('/*', { config: { access: 'public' } }, (request, reply) => {
    if (request.url.startsWith(`${API_PREFIX}/`)) {
      return reply.status(404).send({ code: 404, msg: request.t('common.routeNotFound') });
    }
    const urlPath = (request.params as { '*': string })['*'] ?? '';
    const candidate = path.join(root, urlPath);
    if (urlPath && candidate.startsWith(root + path.sep) && isFile(candidate)) {
      const immutable = urlPath.startsWith('assets/');
      return reply
        .header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        .sendFile(urlPath);
    }
    if (!existsSync(indexFile)) return reply.status(404).send({ code: 404, msg: request.t('common.routeNotFound') });
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
};

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

export default webApp;
