import { Skeleton } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrmRecord, FieldMeta, ModuleMeta } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import LoadError from '../../../../components/admin/LoadError';
import { useIsPhone } from '../../../../components/useIsPhone';
import { dictLabel, useDictValues } from '../../../../components/dict/useDict';
import { FieldDisplay } from '../fieldTypes/FieldDisplay';
import type { ListSettings } from '../list/listAddress';
import { fieldByName } from '../moduleMeta';
import BoardCard from './BoardCard';
import BoardColumn from './BoardColumn';
import { useFitViewport } from './useFitViewport';
import { useRecordBoard, valueOf } from './useRecordBoard';
import './board.css';

/** How many of the list's columns a card shows under the record's name. */
const CARD_FIELDS = 4;

type Props = { module: CrmModule; meta: ModuleMeta; settings: ListSettings; field: string };

/**
 * A module's list as a board (`?mode=board` of any list page, docs/records-engine-web.md "Boards"):
 * one column per value of the picklist `field`, for what the list's toolbar selects. The columns
 * keep a readable width and the board scrolls sideways, their headers staying in view as it scrolls
 * down; on a phone one column fills the screen and a swipe brings the next.
 */
export default function RecordBoard({ module, meta, settings, field }: Props) {
  const { t } = useTranslation();
  const board = useRecordBoard(module, meta, settings, field);
  const dictionary = useDictValues(board.groupField?.dictType);
  const dragged = useRef<CrmRecord | null>(null);
  const [area, height] = useFitViewport(!useIsPhone());

  if (board.board.isError) return <LoadError onRetry={() => void board.board.refetch()} />;
  if (!board.board.data || !board.groupField) return <Skeleton active data-testid="board-loading" />;
  const groupField = board.groupField;

  const shown = settings.columns
    .filter((name) => name !== field && !meta.nameFields.includes(name))
    .map((name) => fieldByName(meta, name))
    .filter((f): f is FieldMeta => !!f)
    .slice(0, CARD_FIELDS);
  const sums = board.sums.flatMap((sum) => {
    const summed = fieldByName(meta, sum.field);
    return summed ? [{ ...sum, field: summed }] : [];
  });
  const titleOf = (value: string | null) => (value === null ? t('crm.board.noValue') : dictLabel(dictionary, value));
  const labelOf = (value: string | null) => (value === null ? t('crm.board.noValue') : <FieldDisplay field={groupField} value={value} />);
  const keyOf = (value: string | null) => value ?? '';
  const targets = board.columns.filter((c) => board.accepts(c.value)).map((c) => ({ key: keyOf(c.value), label: labelOf(c.value) }));

  return (
    <div
      ref={area}
      className="crm-board"
      style={height ? { maxHeight: height } : undefined}
      role="region"
      aria-label={t('crm.board.label', { field: groupField.label })}
      data-testid={`record-board-${module}`}
    >
      <div className="crm-board-columns">
        {board.columns.map((column, index) => (
          <BoardColumn
            key={keyOf(column.value)}
            column={column}
            label={labelOf(column.value)}
            title={titleOf(column.value)}
            position={{ index, total: board.columns.length }}
            sums={sums}
            currency={board.board.data?.data.currency}
            accepts={board.accepts(column.value)}
            loadingMore={board.loadingMore === keyOf(column.value)}
            onLoadMore={() => void board.loadMore(column)}
            onDrop={() => {
              const card = dragged.current;
              dragged.current = null;
              if (card) void board.move(card, column.value);
            }}
            cards={column.cards.map((card) => (
              <BoardCard
                key={card.id}
                module={module}
                meta={meta}
                card={card}
                fields={shown}
                lookups={board.lookups}
                targets={targets.filter((target) => target.key !== keyOf(valueOf(card, field)))}
                movable={board.canMove(card)}
                pending={board.pending(card)}
                onDragStart={(c) => (dragged.current = c)}
                onMove={(key) => void board.move(card, key === '' ? null : key)}
              />
            ))}
          />
        ))}
      </div>
    </div>
  );
}
