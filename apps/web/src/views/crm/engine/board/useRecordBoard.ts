import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardColumn } from '@orbit/shared/contract/board';
import type { CrmRecord, LookupLabels, ModuleMeta } from '@orbit/shared/contract/crm';
import { BOARD_CARDS } from '@orbit/shared/crm/board';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { getBoard, getBoardCards, updateRecord, type BoardParams, type RecordValues } from '../../../../api/crm';
import type { ListSettings } from '../list/listAddress';
import { everyRecordList, recordsKey } from '../list/useRecordListController';
import { mergeLookups } from '../lookupNames';
import { fieldByName, isEditable, layoutOf } from '../moduleMeta';
import { completeChange, useRecordWriteRules } from '../RecordWriteRulesContext';
import { useModulePermissions } from '../useModulePermissions';
import { useShowError } from '../useShowError';
import { withMoves, type BoardMove } from './boardMoves';
import { boardSumsOf } from './boardSums';

/** A column's cards loaded after its first ones ("load more"), and how many pages that was. */
type MoreCards = { cards: CrmRecord[]; lookups: LookupLabels; readOnly: number[]; pages: number };
const keyOf = (value: string | null) => value ?? '';

/** The value of the grouped field a card holds (no value: null, the column of records without one). */
export const valueOf = (card: CrmRecord, field: string): string | null => (typeof card[field] === 'string' ? (card[field] as string) : null);

/**
 * The logic of a module's board (docs/records-engine-web.md, "Boards"): the columns of
 * `GET /crm/{module}/board` for what the list's toolbar selects, the cards loaded since per column,
 * and moves shown at once — counts and sums included — while the server is asked, rolled back with
 * its message when it refuses. A move is the form's update: the module's write rules first (closing
 * an opportunity asks its close date and loss reason), then `PUT` with the card's version.
 */
export function useRecordBoard(module: CrmModule, meta: ModuleMeta, settings: ListSettings, field: string) {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const rules = useRecordWriteRules();
  const showError = useShowError();
  const can = useModulePermissions(module);
  const params: BoardParams = { field, q: settings.q, owner: settings.owner, filter: settings.filter, fields: settings.columns };
  const board = useQuery({
    queryKey: [recordsKey(module), 'board', params, i18n.language],
    queryFn: () => getBoard(module, { ...params, cards: BOARD_CARDS }),
  });
  const [more, setMore] = useState<Record<string, MoreCards>>({});
  const [loadingMore, setLoadingMore] = useState<string | null>(null);
  const [moves, setMoves] = useState<BoardMove[]>([]);
  const sums = boardSumsOf(meta.board.sums, meta.fields, board.data?.data.currency);
  const groupField = fieldByName(meta, field);

  // A fresh board brings fresh first cards (pages loaded before are dropped) and includes the moves
  // saved before it was asked for; those still waiting for the server stay shown.
  const updatedAt = board.dataUpdatedAt;
  useEffect(() => {
    setMore({});
    setMoves((shown) => shown.filter((m) => !m.savedAt || m.savedAt > updatedAt));
  }, [updatedAt]);

  const loaded: BoardColumn[] = (board.data?.data.columns ?? []).map((column) => {
    const extra = more[keyOf(column.value)]?.cards ?? [];
    const ids = new Set(column.cards.map((c) => c.id));
    return { ...column, cards: [...column.cards, ...extra.filter((c) => !ids.has(c.id))] };
  });
  // A move the board already has (its card in the new column) is not applied again: a board fetched
  // while the save was under way — another write's refresh — can include it before the save answers.
  const shown = moves.filter((m) => !loaded.some((c) => c.value === m.to && c.cards.some((card) => card.id === m.id)));
  const columns = withMoves(loaded, shown, sums);
  const lookups = Object.values(more).reduce((all, m) => mergeLookups(all, m.lookups), board.data?.lookups ?? {});

  /** A move of the card is waiting for the server. */
  const pending = (card: CrmRecord) => moves.some((m) => m.id === card.id && !m.savedAt);
  // The cards the user may only read (a read-only share), of the first cards and of every further page.
  const readOnly = new Set([...(board.data?.readOnly ?? []), ...Object.values(more).flatMap((m) => m.readOnly)]);
  /** Whether the user may move this card: edit permission, access to change it, the field writable in its record type's layout, no move of it under way. */
  const canMove = (card: CrmRecord) => {
    if (!can.edit || !groupField || readOnly.has(card.id) || pending(card)) return false;
    const item = layoutOf(meta, card.recordTypeId)?.sections.flatMap((s) => s.fields).find((i) => i.field === field);
    return isEditable(groupField, item);
  };
  /**
   * Whether a card may be dropped on a column: the column of records without a value only takes cards of
   * a field that may be empty, and a value of the module's path that only an action reaches (a lead is
   * converted by converting it) takes none, as the detail page's path offers none.
   */
  const byAction = meta.path?.field === field ? meta.path.byAction : [];
  const accepts = (value: string | null) => (value === null ? !groupField?.required : !byAction.includes(value));

  const loadMore = async (column: BoardColumn) => {
    const key = keyOf(column.value);
    const pages = more[key]?.pages ?? 1;
    setLoadingMore(key);
    try {
      const page = await getBoardCards(module, { ...params, value: column.value, pageNum: pages + 1, pageSize: BOARD_CARDS });
      setMore((m) => ({
        ...m,
        [key]: {
          cards: [...(m[key]?.cards ?? []), ...page.data],
          lookups: mergeLookups(m[key]?.lookups ?? {}, page.lookups),
          readOnly: [...(m[key]?.readOnly ?? []), ...(page.readOnly ?? [])],
          pages: pages + 1,
        },
      }));
    } catch (error) {
      showError(error);
    } finally {
      setLoadingMore(null);
    }
  };

  const move = async (card: CrmRecord, to: string | null) => {
    const from = valueOf(card, field);
    if (from === to || !canMove(card) || !accepts(to)) return;
    try {
      const changes = await completeChange(rules, { [field]: to }, card);
      if (!changes) return;
      const shown: BoardMove = { id: card.id, from, to, before: card, after: { ...card, ...rules.fillOnChange?.(field, to), ...changes } as CrmRecord };
      setMoves((m) => [...m, shown]);
      try {
        const saved = await updateRecord(module, { id: card.id, version: card.version, ...(changes as RecordValues) });
        setMoves((m) => m.map((each) => (each === shown ? { ...shown, after: { ...shown.after, ...saved.data }, savedAt: Date.now() } : each)));
        void queryClient.invalidateQueries(everyRecordList);
      } catch (error) {
        setMoves((m) => m.filter((each) => each !== shown));
        throw error;
      }
    } catch (error) {
      showError(error);
    }
  };

  return { board, columns, lookups, sums, groupField, loadingMore, loadMore, move, pending, canMove, accepts };
}

export type RecordBoardController = ReturnType<typeof useRecordBoard>;
