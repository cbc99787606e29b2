import { Button, Empty } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@orbit/shared/constants';
import type { PipelineColumn } from '@orbit/shared/crm/opportunityStages';
import { formatCurrency } from '../../../../utils/formatCurrency';

type Props = {
  column: PipelineColumn;
  label: ReactNode;
  /** Cards of this column on screen (the first ones, those loaded since, those just dropped here). */
  cards: ReactNode[];
  /** How many of the column's opportunities are not loaded yet. */
  remaining: number;
  loadingMore: boolean;
  onLoadMore: () => void;
  onDrop: () => void;
};

/** A stage's column: its totals (count, amount, weighted amount) over every matching opportunity, its cards, "load more", and a drop target. */
export default function BoardColumn({ column, label, cards, remaining, loadingMore, onLoadMore, onDrop }: Props) {
  const { t, i18n } = useTranslation();
  const [over, setOver] = useState(false);
  const money = (amount: string) => formatCurrency(amount, i18n.language as Language);
  return (
    <section
      className={over ? 'crm-board-column crm-board-column-over' : 'crm-board-column'}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        onDrop();
      }}
      aria-label={String(column.stage)}
      data-testid={`board-column-${column.stage}`}
    >
      <header className="crm-board-column-header">
        <div className="crm-board-column-title">
          {label}
          <span className="crm-board-column-count" data-testid="column-count">
            {column.count}
          </span>
        </div>
        <div className="crm-board-column-totals">
          <span>
            {t('crm.opportunity.total')} <strong data-testid="column-amount">{money(column.amount)}</strong>
          </span>
          <span>
            {t('crm.opportunity.weighted')} <strong data-testid="column-weighted">{money(column.weightedAmount)}</strong>
          </span>
        </div>
      </header>
      <div className="crm-board-column-cards">
        {cards.length ? cards : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crm.opportunity.noCards')} />}
        {remaining > 0 && (
          <Button block type="dashed" loading={loadingMore} onClick={onLoadMore} data-testid="column-load-more">
            {t('crm.opportunity.loadMore', { count: remaining })}
          </Button>
        )}
      </div>
    </section>
  );
}
