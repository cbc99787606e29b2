import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Language } from '@orbit/shared/constants';
import type { CrmRecord, LookupLabels } from '@orbit/shared/contract/crm';
import { formatCurrency } from '../../../../utils/formatCurrency';
import { lookupName } from '../../engine/lookupNames';
import RestrictedRecord from '../../engine/RestrictedRecord';
import { useRecordLink } from '../../engine/useRecordLink';

type Props = { card: CrmRecord; lookups: LookupLabels; draggable: boolean; onDragStart: (card: CrmRecord) => void };

/** One opportunity on the board: name (to its page), account ("Restricted record" outside the viewer's scope), amount in the language's currency, close date, owner. */
export default function BoardCard({ card, lookups, draggable, onDragStart }: Props) {
  const { i18n } = useTranslation();
  const recordLink = useRecordLink();
  const href = recordLink('opportunity', card.id);
  const name = String(card.name ?? '');
  const account = typeof card.accountId === 'number' ? lookupName(lookups, 'account', card.accountId) : undefined;
  return (
    <div
      className="crm-board-card"
      draggable={draggable}
      onDragStart={(event) => {
        event.dataTransfer.setData('text/plain', String(card.id));
        event.dataTransfer.effectAllowed = 'move';
        onDragStart(card);
      }}
      data-testid={`board-card-${card.id}`}
    >
      <div className="crm-board-card-name">{href ? <Link to={href}>{name}</Link> : name}</div>
      {account === null ? <RestrictedRecord /> : account && <Typography.Text type="secondary">{account}</Typography.Text>}
      <div className="crm-board-card-facts">
        <strong>{formatCurrency(card.amount as string | null, i18n.language as Language)}</strong>
        <span>{card.closeDate as string | null}</span>
      </div>
      <Typography.Text type="secondary" className="crm-board-card-owner">
        {lookups.user?.[String(card.ownerId)]}
      </Typography.Text>
    </div>
  );
}
