import type { FastifyRequest } from 'fastify';
import { UAParser } from 'ua-parser-js';

export type ClientInfo = { ipaddr: string; browser: string; os: string };

/** Who is calling, for the login log, the operation log and the session list. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  const ua = new UAParser(request.headers['user-agent'] ?? '').getResult();
  const browser = [ua.browser.name, ua.browser.major].filter(Boolean).join(' ') || 'Unknown';
  const os = [ua.os.name, ua.os.version].filter(Boolean).join(' ') || 'Unknown';
  return { ipaddr: request.ip, browser, os };
}
