import { signInEn } from '@orbit/shared/signInMessages/en';

/** The server's messages the sign-in page shows itself; i18n.ts files them under `server.`. */
export default signInEn;
