import { SwapOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrmRecord, FieldMeta, LookupLabels, ModuleMeta } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { FieldDisplay } from '../fieldTypes/FieldDisplay';
import { recordName } from '../moduleMeta';
import RecordNameLink from '../RecordNameLink';
import { currencyOfRecord } from '../../../../utils/formatCurrency';

type Props = {
  module: CrmModule;
  meta: ModuleMeta;
  card: CrmRecord;
  /** The fields it shows under its name (the list's first columns). */
  fields: FieldMeta[];
  lookups: LookupLabels;
  /** Where it may go: the other columns, by key ('' for the column without a value), with their labels. */
  targets: Array<{ key: string; label: ReactNode }>;
  movable: boolean;
  /** A move of it is waiting for the server. */
  pending: boolean;
  onDragStart: (card: CrmRecord) => void;
  onMove: (key: string) => void;
};

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length);

/**
 * One record on a board: its name (to its page) and the list's first columns, each labelled. It is
 * dragged with native HTML5 drag and drop; "Move to" does the same from the keyboard or a phone,
 * where there is no drag.
 */
export default function BoardCard({ module, meta, card, fields, lookups, targets, movable, pending, onDragStart, onMove }: Props) {
  const { t } = useTranslation();
  const name = recordName(meta, card);
  return (
    <div
      className={pending ? 'crm-board-card crm-board-card-pending' : 'crm-board-card'}
      draggable={movable}
      onDragStart={(event) => {
        event.dataTransfer.setData('text/plain', String(card.id));
        event.dataTransfer.effectAllowed = 'move';
        onDragStart(card);
      }}
      aria-busy={pending}
      data-testid={`board-card-${card.id}`}
    >
      <div className="crm-board-card-head">
        <span className="crm-board-card-name">
          <RecordNameLink module={module} id={card.id} name={name} />
        </span>
        {movable && targets.length > 0 && (
          <Dropdown trigger={['click']} menu={{ items: targets, onClick: ({ key }) => onMove(key) }}>
            <Button type="text" size="small" icon={<SwapOutlined />} aria-label={t('crm.board.moveCard', { name })} data-testid="board-card-move" />
          </Dropdown>
        )}
      </div>
      {fields.map((field) =>
        isEmpty(card[field.name]) ? null : (
          <div key={field.name} className="crm-board-card-field">
            <span className="crm-board-card-label">{field.label}</span>
            <span className="crm-board-card-value">
              <FieldDisplay field={field} value={card[field.name]} lookups={lookups} currency={currencyOfRecord(card)} />
            </span>
          </div>
        ),
      )}
    </div>
  );
}
