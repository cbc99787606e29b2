/**
 * Recently viewed records and favourites, kept per user on the server (issue 31): how many of each
 * a user keeps. A view past RECENT_RECORDS_KEPT pushes the oldest out; a star past FAVOURITES_KEPT
 * is refused with a message (a favourite is a deliberate choice, never dropped silently).
 */
export const RECENT_RECORDS_KEPT = 20;
export const FAVOURITES_KEPT = 50;
