import { API_KEY_PREFIX } from '@orbit/shared/contract/apiKeys';

/**
 * How the OpenAPI document says to authenticate: one bearer scheme serves both the web's session
 * token and a personal API key (the same header, the same routes).
 */
export const OPENAPI_AUTH = {
  components: {
    securitySchemes: {
      bearerAuth: {
        type: 'http' as const,
        scheme: 'bearer',
        description: `A personal API key (\`${API_KEY_PREFIX}…\`, created under Profile › API keys) or a session token from POST /dev-api/login.`,
      },
    },
  },
  security: [{ bearerAuth: [] }],
};

export const OPENAPI_AUTH_DESCRIPTION = [
  'Authenticate with `Authorization: Bearer <key>`, using a personal API key created under Profile › API keys.',
  'A key acts as its user, with that user’s permissions and data scope; a read-only key may only send GET requests (others answer 403).',
  'Each key may send a limited number of requests per minute (the setting sys.apikey.requestsPerMinute): over it the answer is 429 with a Retry-After header.',
  'A revoked or expired key answers 401. Sign-in, password, e-mail and API key routes refuse keys (403).',
].join('\n\n');
