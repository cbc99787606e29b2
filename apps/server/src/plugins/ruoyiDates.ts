import dayjs from 'dayjs';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@orbit/shared/constants';
import { isOrbitWeb } from '../lib/orbitClient';

/** The date fields of the RuoYi-compatible answers, named as in RuoYi's own domain classes. */
export const RUOYI_DATE_FIELDS = new Set(['createTime', 'updateTime', 'loginDate', 'loginTime', 'operTime', 'readTime', 'pwdUpdateDate']);
/** RuoYi's `@JsonFormat(pattern = "yyyy-MM-dd HH:mm:ss")`, in the server's time zone as its Jackson writes it. */
const RUOYI_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The routes RuoYi's clients call and whose dates they print: the system and monitor areas, and `/getInfo`. */
export const isRuoYiRoute = (route: string | undefined): boolean =>
  !!route && (route.startsWith(`${API_PREFIX}/system/`) || route.startsWith(`${API_PREFIX}/monitor/`) || route === `${API_PREFIX}/getInfo`);

const asRuoYiTime = (value: unknown): unknown => {
  if (value instanceof Date) return dayjs(value).format(RUOYI_FORMAT);
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return dayjs(value).format(RUOYI_FORMAT);
  return value;
};

/** A copy of an answer with its date fields (by name, at any depth) written RuoYi's way; other values as they are. */
export function withRuoYiDates(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withRuoYiDates);
  if (value === null || typeof value !== 'object' || value instanceof Date || ArrayBuffer.isView(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = RUOYI_DATE_FIELDS.has(key) ? asRuoYiTime(item) : withRuoYiDates(item);
  return out;
}

/**
 * RuoYi's pages print many dates as they come (the user drawer, the profile, the operation log's
 * detail, the bell, the notice), so the RuoYi-compatible routes answer a RuoYi client with RuoYi's
 * own format; Orbit's web app (`Orbit-Client: web`) keeps ISO instants, which carry their zone.
 * Done here, once, before serialisation, so no service writes dates two ways.
 */
export default fp(async (app) => {
  app.addHook('preSerialization', async (request, _reply, payload) =>
    isRuoYiRoute(request.routeOptions.url) && !isOrbitWeb(request) ? withRuoYiDates(payload) : payload,
  );
});
