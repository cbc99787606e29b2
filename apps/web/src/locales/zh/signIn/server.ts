import { signInZh } from '@orbit/shared/signInMessages/zh';

/** The server's messages the sign-in page shows itself; i18n.ts files them under `server.`. */
export default signInZh;
