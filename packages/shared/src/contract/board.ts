import { z } from 'zod';
import { BOARD_CARDS, BOARD_CARDS_MAX } from '../crm/board';
import { fieldName } from '../crm/filter';
import { stringValue } from '../validation';
import { pageQuery } from './common';
import { recordListQuery, type CrmRecord, type LookupLabels } from './crm';

/** What decides a board's records: the list's own settings (view, filter, quick search, owner scope) and the picklist it groups by. */
const boardSettings = recordListQuery.pick({ viewId: true, filter: true, q: true, owner: true, fields: true }).extend({
  /** The picklist to group by; absent: the module's default (ModuleMeta.board.field). */
  field: fieldName.optional(),
});

/** `GET /crm/{module}/board`: every column's totals and its first `cards`. */
export const boardQuery = boardSettings.extend({
  cards: z.coerce.number().int().min(0).max(BOARD_CARDS_MAX).default(BOARD_CARDS),
});
export type BoardQuery = z.infer<typeof boardQuery>;

/** `GET /crm/{module}/board/cards`: a further page of one column, in the board's order; `value` '' is the column of records without one. */
export const boardCardsQuery = boardSettings.extend({
  value: stringValue().max(100),
  pageNum: pageQuery.pageNum,
  pageSize: z.coerce.number().int().min(1).max(BOARD_CARDS_MAX).default(BOARD_CARDS),
});
export type BoardCardsQuery = z.infer<typeof boardCardsQuery>;

/**
 * One column: a value of the picklist (null: the records without one), its count and sums
 * (ModuleMeta.board.sums, by key, decimal strings) over every record the list would show, and its first cards.
 */
/** `converted`: the column's records are in more than the organisation currency, so its money sums were converted to it (issue 33). */
export type BoardColumn = { value: string | null; count: number; sums: Record<string, string>; converted?: boolean; cards: CrmRecord[] };
/** `currency`: the currency the money sums are in (the organisation's). */
export type BoardData = { field: string; columns: BoardColumn[]; currency?: string };
/** `readOnly`: ids of the cards the caller may read but not change (a read-only share): they do not move. */
export type BoardAnswer = { code: number; msg: string; data: BoardData; lookups: LookupLabels; readOnly?: number[] };
export type BoardCardsAnswer = { code: number; msg: string; data: CrmRecord[]; lookups: LookupLabels; readOnly?: number[] };
