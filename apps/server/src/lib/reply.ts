import { CODE } from '@orbit/shared/constants';
import type { FastifyRequest } from 'fastify';

/** `{ code: 200, msg }` plus any top-level keys the spec names for that endpoint. */
export function ok<T extends Record<string, unknown>>(request: FastifyRequest, extra?: T) {
  return { code: CODE.ok, msg: request.t('common.ok'), ...(extra ?? ({} as T)) };
}

/** `{ code: 200, msg, data }`. */
export function okData<T>(request: FastifyRequest, data: T) {
  return { code: CODE.ok, msg: request.t('common.ok'), data };
}

/** `{ code: 200, msg, total, rows }` for paged lists. */
export function okPage<T>(request: FastifyRequest, page: { total: number; rows: T[] }) {
  return { code: CODE.ok, msg: request.t('common.ok'), total: page.total, rows: page.rows };
}
