/**
 * Patterns and checks of SPEC §5 without zod, so that a page that needs only these (the sign-in
 * page) does not load zod with them. validation.ts re-exports them.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const URL_PATTERN = /^(https?|ftp):\/\/([a-zA-Z0-9.-]+(:[a-zA-Z0-9.&%$-]+)*@)*((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]?)(\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}|([a-zA-Z0-9-]+\.)*[a-zA-Z0-9-]+\.[a-zA-Z]{2,}|localhost)(:[0-9]+)*(\/($|[a-zA-Z0-9.,?'\\+&%$#=~_-]+))*$/;

/**
 * The one form an e-mail address is stored, looked up and keyed in: compatibility-normalised
 * (NFKC), trimmed, lower-cased by JavaScript's rules. Every comparison uses this form on both
 * sides, never the database's lower(), whose idea of case differs for some letters (İ).
 */
export function normaliseEmail(value: string): string {
  return value.normalize('NFKC').trim().toLowerCase();
}

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

export function isUrl(value: string): boolean {
  return URL_PATTERN.test(value);
}

/** Links the app opens outside itself (SPEC §5): http, https, mailto and tel. */
export function isExternalLink(value: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(value);
}

/**
 * A web address a menu may lead to: http or https, a plain host name (no user part, which would
 * make `https://intranet.example.com@evil.example` read as the intranet), then no spaces, quotes
 * or backslashes.
 */
const WEB_ADDRESS = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?([/?#][^\s\\<>"'`]*)?$/i;

export function isWebAddress(value: string): boolean {
  return WEB_ADDRESS.test(value);
}
