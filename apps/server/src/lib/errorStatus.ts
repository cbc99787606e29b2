import type { Config } from '../config';

/**
 * The HTTP status a refusal is sent with. By default it mirrors the envelope's code, so proxies and
 * logs see the truth (DESIGN.md). With `API_ERROR_STATUS=envelope` a business refusal (any 4xx)
 * answers 200 with the same body, which is the only way RuoYi's clients read `code` and `msg`;
 * server faults (5xx) keep their status in both modes, so retries and monitoring still see them.
 */
export function errorHttpStatus(mode: Config['apiErrorStatus'], status: number): number {
  return mode === 'envelope' && status < 500 ? 200 : status;
}

/** The envelope code an answer's body carries, or undefined when it is not an envelope (a file, a page). */
export function envelopeCode(payload: unknown): number | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  const match = /^\{"code":(\d+)/.exec(payload);
  if (match) return Number(match[1]);
  try {
    const code = (JSON.parse(payload) as { code?: unknown }).code;
    return typeof code === 'number' ? code : undefined;
  } catch {
    return undefined;
  }
}
