import { Alert, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { parseTime } from '../../../../utils/formatTime';
import type { RecordContext } from '../../engine/detail/RecordDetail';
import { lookupName } from '../../engine/lookupNames';
import RestrictedRecord from '../../engine/RestrictedRecord';
import { useRecordLink } from '../../engine/useRecordLink';
import type { Conversion } from './ConvertLeadDialog';

type Props = { context: RecordContext; conversion: Conversion | null };

/**
 * "Converted" at the top of a converted lead, with links to what it became: its account and
 * opportunity (the lead records both), and the follow-up task when the conversion was just made here.
 */
export default function ConvertedBanner({ context, conversion }: Props) {
  const { t } = useTranslation();
  const recordLink = useRecordLink();
  const { record, lookups } = context;
  if (!record.convertedAt) return null;

  const made = (module: CrmModule, id: unknown, label?: string | null): ReactNode => {
    if (typeof id !== 'number') return null;
    const known = label ?? lookupName(lookups, module, id);
    const name = known ?? `#${id}`;
    const href = recordLink(module, id);
    return (
      <span key={module} data-testid={`converted-${module}`}>
        <Typography.Text type="secondary">{t(`crm.record.${module}`)}: </Typography.Text>
        {known === null ? <RestrictedRecord /> : href ? <Link to={href}>{name}</Link> : name}
      </span>
    );
  };
  const task = conversion?.leadId === record.id ? conversion : null;

  return (
    <Alert
      type="success"
      showIcon
      className="crm-detail-section"
      style={{ marginTop: 16 }}
      title={t('crm.convert.converted', { time: parseTime(String(record.convertedAt)) })}
      description={
        <Space separator="·" wrap>
          {made('account', record.convertedAccountId)}
          {made('contact', record.convertedContactId)}
          {made('opportunity', record.convertedOpportunityId)}
          {task && made('task', task.taskId, task.taskSubject)}
        </Space>
      }
      data-testid="converted-banner"
    />
  );
}
