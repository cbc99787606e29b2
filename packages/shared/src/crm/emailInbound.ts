/**
 * E-mail in (issue 35, "In"): mail sent or BCC'd to Orbit's dropbox (the SMTP listener of
 * `INBOUND_SMTP_PORT`). A received mail is logged on the records it matched (`received`), or waits
 * in its sender's inbox (`inbox`) to be linked to a record or discarded.
 */
export const EMAIL_DIRECTIONS = ['out', 'in'] as const;
export type EmailDirection = (typeof EMAIL_DIRECTIONS)[number];

/** Mails of one inbox page at most. */
export const INBOX_PAGE_MAX = 100;
