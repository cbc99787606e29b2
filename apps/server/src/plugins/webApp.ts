import { existsSync, statSync } from 'node:fs';
import { API_PREFIX } from '@orbit/shared/constants';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/**
 * Serves the built web app from the same port as the API: real files as they are, any other
 * non-API path gets index.html so that the client router can handle it. Hashed assets are cached
 * for a year; index.html never, so a new version is picked up at once. The build writes `.br` and
 * `.gz` beside each text file (apps/web/build/precompress.ts); `preCompressed` sends the one the
 * browser accepts, with `Content-Encoding` and `Vary: Accept-Encoding`, instead of compressing it
 * at every request.
 */
/**
 * Security headers that only mean something on a document (helmet sets them on every answer):
 * a script, a stylesheet or a picture is never framed, never a policy's subject. Dropped from
 * assets, they save about 600 bytes per file on the wire — the sign-in page loads some thirty.
 * `nosniff` and `Cross-Origin-Resource-Policy` stay: they protect exactly such files.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const webApp: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  // cacheControl off: otherwise sendFile replaces the headers set below with `public, max-age=0`.
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false, preCompressed: true });
  const indexFile = path.join(root, 'index.html');

  app.get('/*', { config: { access: 'public' } }, (request, reply) => {
    if (request.url.startsWith(`${API_PREFIX}/`)) {
      return reply.status(app.errorStatus(404)).send({ code: 404, msg: request.t('common.routeNotFound') });
    }
    const urlPath = (request.params as { '*': string })['*'] ?? '';
    const candidate = path.join(root, urlPath);
    if (urlPath && candidate.startsWith(root + path.sep) && isFile(candidate)) {
      const immutable = urlPath.startsWith('assets/');
      if (!urlPath.endsWith('.html')) for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
      return reply
        .header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        .header('Vary', 'Accept-Encoding')
        .sendFile(urlPath);
    }
    if (!existsSync(indexFile)) return reply.status(404).send({ code: 404, msg: request.t('common.routeNotFound') });
    return reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').sendFile('index.html');
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
