/**
 * Boards (docs/records-engine.md, "Boards"): a module's records in one column per value of a
 * picklist. Kept free of zod so that the web's list page can load it; the request schemas are
 * contract/board.ts.
 */

/** Cards per column in a board's first answer and per "load more" page. */
export const BOARD_CARDS = 20;
/** The most cards a column may be asked for at once. */
export const BOARD_CARDS_MAX = 100;

/**
 * Whether a board may be grouped by a field: a picklist the list can filter on. A column is the
 * list filtered on one value, so a field the list cannot filter on (a salutation) has no index
 * for the board's counts either.
 */
export const isBoardField = (field: { type: string; filterable: boolean }): boolean => field.type === 'picklist' && field.filterable;

/** A sum each column shows beside its count: Σ field, or Σ field × weightBy / 100 (an opportunity's weighted amount). */
export type BoardSumMeta = { key: string; field: string; weightBy: string | null; label: string };

/** What a module's board shows besides its columns: the picklist it opens on and the sums of its columns. */
export type BoardMeta = { field: string | null; sums: BoardSumMeta[] };
