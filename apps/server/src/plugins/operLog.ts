import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { BUSINESS_TYPE, type BusinessType } from '@orbit/shared/contract/monitor';
import { sysOperLog } from '../db/schema/logs';

/**
 * What the operation log records for a route: its module title and business type. Every
 * POST / PUT / PATCH / DELETE is recorded (with a title derived from the URL when the route says
 * nothing); a GET is recorded only when it declares `log` (status switches, unlock…).
 * `log: false` opts a route out (none does today).
 */
export type OperLogConfig = { title: string; businessType: BusinessType } | false;

declare module 'fastify' {
  interface FastifyContextConfig {
    log?: OperLogConfig;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// 'code' alone is a captcha or e-mail code; ids such as dictCode are not secrets.
const SECRET_KEY = /password|pwd|secret|token|^code$/i;
export const REDACTED = '******';
const PARAM_MAX = 2000;
const RESULT_MAX = 2000;
const ERROR_MAX = 2000;

/** Replaces the value of every key that looks like a secret, at any depth. */
export function redact(value: unknown, keep: (key: string, depth: number) => boolean = () => false, depth = 0): unknown {
  if (Array.isArray(value)) return value.map((v) => redact(v, keep, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, v]) => [
        key,
        SECRET_KEY.test(key) && !keep(key, depth) ? REDACTED : redact(v, keep, depth + 1),
      ]),
    );
  }
  return value;
}

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

function defaultConfig(request: FastifyRequest): { title: string; businessType: BusinessType } {
  const url = (request.routeOptions.url ?? request.url).replace(/^\/dev-api/, '');
  const title = url.split('/').filter((s) => s && !s.startsWith(':')).slice(0, 2).join('/') || url;
  const businessType =
    request.method === 'DELETE' ? BUSINESS_TYPE.delete : request.method === 'PUT' || request.method === 'PATCH' ? BUSINESS_TYPE.update : BUSINESS_TYPE.other;
  return { title, businessType };
}

function requestParams(request: FastifyRequest): string {
  const parts: Record<string, unknown> = {};
  const params = request.params as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  if (params && Object.keys(params).length) Object.assign(parts, params);
  if (query && Object.keys(query).length) Object.assign(parts, query);
  const body = request.body;
  if (body !== undefined && body !== null) {
    if (typeof body === 'object' && !Array.isArray(body)) Object.assign(parts, body);
    else parts.body = body;
  }
  return Object.keys(parts).length ? truncate(JSON.stringify(redact(parts)), PARAM_MAX) : '';
}

function resultOf(payload: unknown): { json: string; msg: string } {
  if (typeof payload !== 'string') return { json: '', msg: '' };
  try {
    const parsed = JSON.parse(payload) as { msg?: unknown };
    // The envelope's own numeric `code` is not a secret; any nested code or token is.
    const clean = redact(parsed, (key, depth) => depth === 0 && key === 'code');
    return { json: truncate(JSON.stringify(clean), RESULT_MAX), msg: typeof parsed.msg === 'string' ? parsed.msg : '' };
  } catch {
    return { json: '', msg: '' };
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
    const { title, businessType } = config || defaultConfig(request);
    const failed = reply.statusCode >= 400;
    const result = resultOf(payload);
    try {
      await app.db.insert(sysOperLog).values({
        title,
        businessType,
        method: `${request.method} ${request.routeOptions.url}`,
        requestMethod: request.method,
        operName: request.user?.userName ?? '',
        deptName: request.user?.deptName ?? '',
        operUrl: truncate(request.url.split('?')[0] ?? '', 255),
        operIp: request.ip,
        operParam: requestParams(request),
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
