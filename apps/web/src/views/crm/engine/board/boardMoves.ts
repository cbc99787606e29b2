import type { BoardColumn } from '@orbit/shared/contract/board';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import { addUnits, cardPart, type BoardSum } from './boardSums';

/**
 * A card moved on the board, shown moved before the server has answered (optimistic): `before` is
 * the card as it was, `after` as the move leaves it (its new value and what the module's rules fill
 * in with it — an opportunity's probability); `savedAt` once the server accepted it (its answer
 * then replaces `after`), until a fresh board includes it.
 */
export type BoardMove = { id: number; from: string | null; to: string | null; before: CrmRecord; after: CrmRecord; savedAt?: number };

/**
 * The columns as the moves leave them: each moved card out of the column it was in and first in
 * its new one, the counts one less and one more, and the sums less its old part and plus its new one.
 */
export function withMoves(columns: BoardColumn[], moves: BoardMove[], sums: BoardSum[]): BoardColumn[] {
  let shown = columns;
  for (const move of moves) {
    shown = shown.map((column) => {
      const cards = column.cards.filter((c) => c.id !== move.id);
      let { count } = column;
      const totals = { ...column.sums };
      if (column.value === move.from) {
        count -= 1;
        for (const s of sums) totals[s.key] = addUnits(totals[s.key] ?? '0', -cardPart(move.before, s), s);
      }
      if (column.value === move.to) {
        count += 1;
        for (const s of sums) totals[s.key] = addUnits(totals[s.key] ?? '0', cardPart(move.after, s), s);
        cards.unshift(move.after);
      }
      return { ...column, count, sums: totals, cards };
    });
  }
  return shown;
}
