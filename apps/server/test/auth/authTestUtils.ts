import { and, desc, eq, sql } from 'drizzle-orm';
import { sysEmailCode, sysSession, sysThrottle } from '../../src/db/schema/auth';
import { sysLogininfor } from '../../src/db/schema/logs';
import { sysUser } from '../../src/db/schema/organisation';
import { api, type TestApp } from '../helpers/testApp';

/** A desktop Chrome on Windows, so that the login log has a browser and an OS to record. */
export const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

export const ZH = { 'accept-language': 'zh-CN,zh;q=0.9' };

type Json = Record<string, unknown> & { code: number; msg: string };

/** Posts JSON to an API path (from a client address, 127.0.0.1 unless told) and answers the status and the parsed body. */
export async function post(app: TestApp, path: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) {
  const res = await app.inject({ method: 'POST', url: api(path), payload: payload as object, headers, ...(remoteAddress ? { remoteAddress } : {}) });
  return { status: res.statusCode, body: res.json() as Json, headers: res.headers };
}

export async function put(app: TestApp, path: string, payload: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'PUT', url: api(path), payload: payload as object, headers });
  return { status: res.statusCode, body: res.json() as Json, headers: res.headers };
}

export async function get(app: TestApp, path: string, headers: Record<string, string> = {}, remoteAddress?: string) {
  const res = await app.inject({ method: 'GET', url: api(path), headers, ...(remoteAddress ? { remoteAddress } : {}) });
  return { status: res.statusCode, body: res.json() as Json, headers: res.headers };
}

export async function userRow(app: TestApp, userName: string) {
  const [row] = await app.db.select().from(sysUser).where(eq(sysUser.userName, userName));
  if (!row) throw new Error(`no user ${userName}`);
  return row;
}

export async function updateUser(app: TestApp, userName: string, patch: Partial<typeof sysUser.$inferInsert>) {
  await app.db.update(sysUser).set(patch).where(eq(sysUser.userName, userName));
}

/** Wrong passwords counted for a user name from one client address in the current window. */
export async function failuresFrom(app: TestApp, userName: string, ipaddr = '127.0.0.1'): Promise<number> {
  const [row] = await app.db
    .select({ hits: sysThrottle.hits })
    .from(sysThrottle)
    .where(and(eq(sysThrottle.action, 'password'), eq(sysThrottle.subject, userName), eq(sysThrottle.client, ipaddr)));
  return row?.hits ?? 0;
}

/** Forgets every attempt counter (sign-in, captcha). */
export async function clearThrottle(app: TestApp) {
  await app.db.delete(sysThrottle);
}

/** Login-log rows of one user, newest first. */
export async function loginLog(app: TestApp, userName: string) {
  return app.db.select().from(sysLogininfor).where(eq(sysLogininfor.userName, userName)).orderBy(desc(sysLogininfor.infoId));
}

export async function sessionCount(app: TestApp, userId: number): Promise<number> {
  const rows = await app.db.select({ id: sysSession.sessionId }).from(sysSession).where(eq(sysSession.userId, userId));
  return rows.length;
}

/** The code in the newest mail to an address: the test's stand-in for reading the inbox. */
export function codeFromLastMail(app: TestApp, to: string): string {
  const mail = [...app.mails].reverse().find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`no code in mail: ${mail.text}`);
  return match[1]!;
}

/** Moves every e-mail code of an address back in time (cool-down, expiry). */
export async function ageEmailCodes(app: TestApp, email: string, seconds: number) {
  await app.db
    .update(sysEmailCode)
    .set({
      createdAt: sql`${sysEmailCode.createdAt} - make_interval(secs => ${seconds}::int)`,
      expiresAt: sql`${sysEmailCode.expiresAt} - make_interval(secs => ${seconds}::int)`,
    })
    .where(eq(sysEmailCode.email, email));
}

export async function clearEmailCodes(app: TestApp) {
  await app.db.delete(sysEmailCode);
}

/** Before each test of the code routes: no code, no counted attempt, no mail sent yet. */
export async function freshMailbox(app: TestApp) {
  await clearEmailCodes(app);
  await clearThrottle(app);
  app.mails.length = 0;
}

/** A code that is certainly not the one mailed. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
