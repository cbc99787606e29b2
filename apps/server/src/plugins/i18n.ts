import fp from 'fastify-plugin';
import { DEFAULT_LANGUAGE, type Language } from '@orbit/shared/constants';
import { translate, type MessageKey, type MessageParams } from '@orbit/shared/messages';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    t(key: MessageKey, params?: MessageParams): string;
  }
}

/** Picks en or zh from the `Accept-Language` header the client sends (its stored language). */
export function languageOf(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  return header.trim().toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export default fp(async (app) => {
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.decorateRequest('t', function (this: { lang: Language }, key: MessageKey, params?: MessageParams) {
    return translate(this.lang, key, params);
  });
  app.addHook('onRequest', async (request) => {
    request.lang = languageOf(request.headers['accept-language']);
  });
});
