import type { Executor } from '../../../db/client';
import { sysLogininfor } from '../../../db/schema/logs';
import type { ClientInfo } from '../../../lib/clientInfo';

export type LoginEvent = { userName: string; success: boolean; msg: string; client: ClientInfo };

/** Writes one login-log row per sign-in attempt, code sign-in and sign-out. */
export function createLoginLogRepository(db: Executor) {
  return {
    async record(event: LoginEvent): Promise<void> {
      await db.insert(sysLogininfor).values({
        userName: event.userName.slice(0, 100),
        ipaddr: event.client.ipaddr,
        browser: event.client.browser,
        os: event.client.os,
        status: event.success ? '0' : '1',
        msg: event.msg,
      });
    },
  };
}
