import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPPORTUNITY_STAGE_DICT } from '@orbit/shared/constants';
import type { CrmRecord, LookupLabels } from '@orbit/shared/contract/crm';
import { BOARD_CARDS, type PipelineColumn } from '@orbit/shared/crm/opportunityStages';
import { listRecords, updateRecord, type RecordValues } from '../../../../api/crm';
import { getPipelineBoard } from '../../../../api/crmOpportunity';
import LoadError from '../../../../components/admin/LoadError';
import DictTag from '../../../../components/dict/DictTag';
import { useDict } from '../../../../components/dict/useDict';
import type { ListSettings } from '../../engine/list/listAddress';
import { recordsKey } from '../../engine/list/useRecordListController';
import { completeChange, useRecordWriteRules } from '../../engine/RecordWriteRulesContext';
import { useModulePermissions } from '../../engine/useModulePermissions';
import { useShowError } from '../../engine/useShowError';
import BoardCard from './BoardCard';
import BoardColumn from './BoardColumn';
import './pipelineBoard.css';

/** What a card needs; "load more" asks the list for these, in the board's order (soonest close date first). */
const CARD_FIELDS = ['name', 'accountId', 'amount', 'closeDate', 'stage', 'probability', 'ownerId'];

type MoreCards = { cards: CrmRecord[]; lookups: LookupLabels; pages: number };

const mergeLookups = (a: LookupLabels, b: LookupLabels): LookupLabels => {
  const out: LookupLabels = { ...a };
  for (const [target, names] of Object.entries(b) as Array<[keyof LookupLabels, Record<string, string>]>) out[target] = { ...out[target], ...names };
  return out;
};

/**
 * The pipeline board (`?mode=board` of the opportunity list): one column per stage, with the
 * totals and first cards of `GET /crm/opportunity/board` for what the list's toolbar selects.
 * Dropping a card on another column is an ordinary update with the card's version (closing asks
 * first, through the page's write rules); the card shows in its new column meanwhile and goes back
 * if the server refuses, with the server's message.
 */
export default function PipelineBoard({ settings }: { settings: ListSettings }) {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const rules = useRecordWriteRules();
  const showError = useShowError();
  const can = useModulePermissions('opportunity');
  const stageDict = useDict(OPPORTUNITY_STAGE_DICT)[OPPORTUNITY_STAGE_DICT];
  const params = { q: settings.q, owner: settings.owner, filter: settings.filter };
  const board = useQuery({
    queryKey: [recordsKey('opportunity'), 'board', params, i18n.language],
    queryFn: () => getPipelineBoard({ ...params, cards: BOARD_CARDS }),
  });
  const [more, setMore] = useState<Record<string, MoreCards>>({});
  const [loadingMore, setLoadingMore] = useState<string | null>(null);
  const [moving, setMoving] = useState<Record<number, string>>({});
  const dragged = useRef<CrmRecord | null>(null);

  // Fresh totals come with fresh first cards: pages loaded before are dropped.
  useEffect(() => setMore({}), [board.dataUpdatedAt]);

  if (board.isError) return <LoadError onRetry={() => void board.refetch()} />;
  if (!board.data) return <Skeleton active data-testid="board-loading" />;
  const columns = board.data.data;

  const loadMore = async (column: PipelineColumn) => {
    const loaded = more[column.stage];
    const stageFilter = { field: 'stage', op: 'eq' as const, value: column.stage };
    setLoadingMore(column.stage);
    try {
      const page = await listRecords('opportunity', {
        ...params,
        filter: settings.filter ? { and: [settings.filter, stageFilter] } : stageFilter,
        pageNum: (loaded?.pages ?? 1) + 1,
        pageSize: BOARD_CARDS,
        orderByColumn: 'closeDate',
        isAsc: 'asc',
        fields: CARD_FIELDS,
      });
      setMore((m) => ({
        ...m,
        [column.stage]: { cards: [...(loaded?.cards ?? []), ...page.rows], lookups: mergeLookups(loaded?.lookups ?? {}, page.lookups), pages: (loaded?.pages ?? 1) + 1 },
      }));
    } catch (error) {
      showError(error);
    } finally {
      setLoadingMore(null);
    }
  };

  const move = async (card: CrmRecord, stage: string) => {
    if (card.stage === stage) return;
    setMoving((m) => ({ ...m, [card.id]: stage }));
    try {
      const changes = await completeChange(rules, { stage }, card);
      if (!changes) return;
      await updateRecord('opportunity', { id: card.id, version: card.version, ...(changes as RecordValues) });
      await queryClient.invalidateQueries({ queryKey: [recordsKey('opportunity')] });
    } catch (error) {
      showError(error);
    } finally {
      setMoving(({ [card.id]: _, ...rest }) => rest);
    }
  };

  const cards = [...columns.flatMap((c) => c.cards), ...Object.values(more).flatMap((m) => m.cards)];
  const lookups = Object.values(more).reduce((all, m) => mergeLookups(all, m.lookups), board.data.lookups);
  const stageOf = (card: CrmRecord) => moving[card.id] ?? String(card.stage);

  return (
    <Card size="small" variant="borderless" className="crm-board" data-testid="pipeline-board">
      <div className="crm-board-columns">
        {columns.map((column) => {
          const shown = cards.filter((c) => stageOf(c) === column.stage);
          const loaded = column.cards.length + (more[column.stage]?.cards.length ?? 0);
          return (
            <BoardColumn
              key={column.stage}
              column={column}
              label={<DictTag options={stageDict} value={column.stage} />}
              cards={shown.map((card) => (
                <BoardCard key={card.id} card={card} lookups={lookups} draggable={can.edit} onDragStart={(c) => (dragged.current = c)} />
              ))}
              remaining={column.count - loaded}
              loadingMore={loadingMore === column.stage}
              onLoadMore={() => void loadMore(column)}
              onDrop={() => {
                const card = dragged.current;
                dragged.current = null;
                if (card) void move(card, column.stage);
              }}
            />
          );
        })}
      </div>
    </Card>
  );
}
