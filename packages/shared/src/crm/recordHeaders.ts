/** The version of a module's metadata, sent with every records answer (the web refetches the metadata when it changes). */
export const META_VERSION_HEADER = 'Meta-Version';
/**
 * The calendar day ('YYYY-MM-DD') the server resolves relative dates against ("today", "overdue"),
 * sent with every records answer so that the web highlights exactly what the server's views select,
 * whatever the browser's time zone.
 */
export const BUSINESS_DAY_HEADER = 'Business-Day';
