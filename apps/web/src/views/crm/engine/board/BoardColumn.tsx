import { Button, Empty } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardColumn as Column } from '@orbit/shared/contract/board';
import type { FieldMeta } from '@orbit/shared/contract/crm';
import { FieldDisplay } from '../fieldTypes/FieldDisplay';

type Props = {
  column: Column;
  /** The value as the column shows it (its tag) and as words (what it is called for assistive technology). */
  label: ReactNode;
  title: string;
  /** Its place among the columns (shown on a phone, where one column shows at a time). */
  position: { index: number; total: number };
  /** The module's sums, with the field each adds up (drawn as that field draws: money in the language's currency). */
  sums: Array<{ key: string; label: string; field: FieldMeta }>;
  cards: ReactNode[];
  /** The currency the sums are in (the reader's display currency, as the board answers): named when the column's records mix currencies. */
  currency?: string;
  /** Whether a card may be dropped here. */
  accepts: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onDrop: () => void;
};

/**
 * One value's column: a header that stays in view while the board scrolls (the value, its count
 * and sums over every matching record), its cards, "load more", and a drop target.
 */
export default function BoardColumn({ column, label, title, position, sums, cards, currency, accepts, loadingMore, onLoadMore, onDrop }: Props) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const key = column.value ?? 'none';
  const remaining = column.count - cards.length;
  return (
    <section
      className={over ? 'crm-board-column crm-board-column-over' : 'crm-board-column'}
      onDragOver={(event) => {
        if (!accepts) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (accepts) onDrop();
      }}
      aria-label={title}
      data-testid={`board-column-${key}`}
    >
      <header className="crm-board-column-header">
        <div className="crm-board-column-title">
          <span className="crm-board-column-label">{label}</span>
          <span className="crm-board-column-count" data-testid="column-count">
            {column.count}
          </span>
        </div>
        {sums.map((sum) => (
          <div key={sum.key} className="crm-board-column-sum">
            <span>{sum.label}</span>
            <strong data-testid={`column-${sum.key}`}>
              {/* In the currency the server summed in (the reader's display currency), not the organisation's. */}
              <FieldDisplay field={sum.field} value={column.sums[sum.key] ?? '0'} currency={sum.field.type === 'currency' ? currency : undefined} />
            </strong>
          </div>
        ))}
        {/* Totals never add euros to dollars silently: a mixed column says its sums were converted (issue 33). */}
        {column.converted && currency && sums.length > 0 && (
          <div className="crm-board-column-converted" data-testid="column-converted" title={t('crm.board.convertedHint')}>
            {t('crm.board.converted', { currency })}
          </div>
        )}
        <div className="crm-board-column-position">{t('crm.board.position', { index: position.index + 1, total: position.total })}</div>
      </header>
      <div className="crm-board-column-cards">
        {cards.length ? cards : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crm.board.empty')} />}
        {remaining > 0 && (
          <Button block type="dashed" loading={loadingMore} onClick={onLoadMore} data-testid="column-load-more">
            {t('crm.board.loadMore', { count: remaining })}
          </Button>
        )}
      </div>
    </section>
  );
}
