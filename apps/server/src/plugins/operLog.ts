import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { BUSINESS_TYPE, type BusinessType } from '@orbit/shared/contract/monitor';
import { sysOperLog } from '../db/schema/logs';
import { envelopeCode } from '../lib/errorStatus';
import { REDACTED, redactedJson } from '../lib/redactedJson';

/**
 * What the operation log records for a route. Every POST / PUT / PATCH / DELETE is recorded, with
 * a title and business type derived from the URL and method unless the route names them; a GET is
 * recorded only when it declares `log` (status switches, unlock…). `withholdBody` marks the routes
 * whose body is credentials (sign-in, codes, passwords): it is never stored, whatever its shape.
 * `log: false` opts a route out.
 */
export type OperLogConfig = { title?: string; businessType?: BusinessType; withholdBody?: boolean } | false;

declare module 'fastify' {
  interface FastifyContextConfig {
    log?: OperLogConfig;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PARAM_MAX = 2000;
const RESULT_MAX = 2000;
const ERROR_MAX = 2000;

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

function titleOf(request: FastifyRequest): string {
  const url = (request.routeOptions.url ?? request.url).replace(/^\/dev-api/, '');
  return url.split('/').filter((s) => s && !s.startsWith(':')).slice(0, 2).join('/') || url;
}

function businessTypeOf(method: string): BusinessType {
  return method === 'DELETE' ? BUSINESS_TYPE.delete : method === 'PUT' || method === 'PATCH' ? BUSINESS_TYPE.update : BUSINESS_TYPE.other;
}

/**
 * The body as it may be stored: a text body (any content type) is read as JSON. Free text (a JSON
 * string too) and bytes are withheld: nothing says which part of them is a secret.
 */
function storableBody(body: unknown): unknown {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return REDACTED;
    }
  }
  return typeof value === 'string' || value instanceof Uint8Array ? REDACTED : value;
}

/** Path, query and body in one JSON text, secrets redacted; withheld whole when it cannot be redacted (nested too deep). */
function storedParams(request: FastifyRequest, withholdBody = false): string {
  try {
    const body = request.body === undefined || request.body === null ? {} : withholdBody ? REDACTED : storableBody(request.body);
    // Spread, not assigned: a body key named __proto__ stays a key.
    const parts = { ...(request.params as object), ...(request.query as object), ...(isRecord(body) ? body : { body }) };
    return Object.keys(parts).length ? redactedJson(parts, PARAM_MAX) : '';
  } catch {
    return REDACTED;
  }
}

const isRecord = (value: unknown): value is object => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The answer as stored, and its message. The envelope's own numeric `code` is not a secret; any nested code or token is. */
export function storedResult(payload: unknown): { json: string; msg: string } {
  if (typeof payload !== 'string') return { json: '', msg: '' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return { json: '', msg: '' };
  }
  const msg = isRecord(parsed) && 'msg' in parsed && typeof parsed.msg === 'string' ? parsed.msg : '';
  try {
    return { json: redactedJson(parsed, RESULT_MAX, (key, depth) => depth === 0 && key === 'code'), msg };
  } catch {
    return { json: REDACTED, msg };
  }
}

/**
 * The operation log: one row per write request (and per GET that declares `log`), written in
 * `onSend` so that it is in the database when the client gets its answer. Secrets are redacted
 * from the parameters and the result; the URL is stored without its query string (the query
 * lands, redacted, in the parameters). Failing to log never fails the request.
 */
export default fp(async (app) => {
  const startedAt = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', async (request) => {
    startedAt.set(request, performance.now());
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const config = request.routeOptions.config?.log;
    if (config === false || request.routeOptions.url === undefined) return payload;
    if (!WRITE_METHODS.has(request.method) && !config) return payload;
    // Anonymous calls refused before reaching a route are noise, not operations.
    if (!request.user && request.routeOptions.config?.access !== 'public') return payload;
    // In `envelope` mode (API_ERROR_STATUS) a refusal is an HTTP 200: its body's code says it failed.
    const code = envelopeCode(payload);
    const failed = reply.statusCode >= 400 || (code !== undefined && code !== 200);
    const result = storedResult(payload);
    try {
      await app.db.insert(sysOperLog).values({
        title: config?.title || titleOf(request),
        businessType: config?.businessType ?? businessTypeOf(request.method),
        method: `${request.method} ${request.routeOptions.url}`,
        requestMethod: request.method,
        operName: request.user?.userName ?? '',
        deptName: request.user?.deptName ?? '',
        operUrl: truncate(request.url.split('?')[0] ?? '', 255),
        operIp: request.ip,
        operParam: storedParams(request, config?.withholdBody),
        jsonResult: failed ? '' : result.json,
        status: failed ? 1 : 0,
        errorMsg: failed ? truncate(result.msg, ERROR_MAX) : '',
        costTime: Math.round(performance.now() - (startedAt.get(request) ?? performance.now())),
      });
    } catch (error) {
      request.log.error({ err: error }, 'could not write the operation log');
    }
    return payload;
  });
});
