import { APP_VERSION, CODE, DOWNLOAD_MESSAGE_DURATION_S, ERROR_MESSAGE_DURATION_S } from '@orbit/shared/constants';

/**
 * What to do with an answer (SPEC §8), decided in one pure function so that every row of the
 * catalogue is unit-tested; `request.ts` carries the decision out.
 */
export type AnswerInput =
  | { kind: 'answer'; body: unknown; versionHeader?: string | null }
  | { kind: 'network'; message: string }
  | { kind: 'timeout' }
  | { kind: 'http'; status: number; body?: unknown };

export type AnswerAction =
  | { kind: 'resolve' }
  | { kind: 'versionDialog' }
  | { kind: 'logoutDialog' }
  | { kind: 'message'; text: string; translate: boolean; duration: number }
  | { kind: 'reject' };

export const DOWNLOAD_SUCCESS = { text: 'request.downloadSuccess', duration: DOWNLOAD_MESSAGE_DURATION_S } as const;
export const DOWNLOAD_FAILED = { text: 'request.downloadFailed', duration: ERROR_MESSAGE_DURATION_S } as const;

// 503 (the database is briefly unreachable) is shown like a network error, which SPEC §8 shows:
// the user's action did not happen and they should know why.
const MESSAGE_CODES = new Set<number>([CODE.error, CODE.forbidden, CODE.illegalToken, CODE.unavailable]);

function envelope(body: unknown): { code?: number; msg?: string } {
  return body && typeof body === 'object' ? (body as { code?: number; msg?: string }) : {};
}

/**
 * `download`: the call fetches a file; its code 500 reads 'Download Failed' (SPEC §8). The
 * envelope's `code` decides, never the HTTP status alone: a server run with
 * API_ERROR_STATUS=envelope (for RuoYi clients) sends refusals as HTTP 200 with the same body.
 */
export function classifyAnswer(input: AnswerInput, clientVersion: string = APP_VERSION, context: { download?: boolean } = {}): AnswerAction {
  if (input.kind === 'network') return { kind: 'message', text: input.message || 'request.networkError', translate: !input.message, duration: ERROR_MESSAGE_DURATION_S };
  if (input.kind === 'timeout') return { kind: 'message', text: 'request.timeout', translate: true, duration: ERROR_MESSAGE_DURATION_S };

  if (input.kind === 'answer' && input.versionHeader && input.versionHeader !== clientVersion) return { kind: 'versionDialog' };

  const { code, msg } = envelope(input.body);
  // HTTP errors without an envelope (a proxy's 502, say) are classified by their status.
  const effective = code ?? (input.kind === 'http' ? input.status : CODE.ok);
  if (effective === CODE.ok) return { kind: 'resolve' };
  if (effective === CODE.unauthorized) return { kind: 'logoutDialog' };
  if (context.download && effective === CODE.error) return { kind: 'message', text: DOWNLOAD_FAILED.text, translate: true, duration: DOWNLOAD_FAILED.duration };
  if (MESSAGE_CODES.has(effective)) {
    return msg ? { kind: 'message', text: msg, translate: false, duration: ERROR_MESSAGE_DURATION_S } : { kind: 'message', text: 'request.error', translate: true, duration: ERROR_MESSAGE_DURATION_S };
  }
  return { kind: 'reject' };
}

