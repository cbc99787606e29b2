import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldMeta } from '@orbit/shared/contract/crm';

type Props = { fields: FieldMeta[]; value: string; onChange: (field: string) => void };

/** The picklist a board groups its columns by: any of the module's that a list can filter on (shared `isBoardField`). */
export default function GroupByPicker({ fields, value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Select
      value={value}
      onChange={onChange}
      options={fields.map((f) => ({ value: f.name, label: f.label }))}
      prefix={<span className="crm-group-by-prefix">{t('crm.board.groupBy')}</span>}
      popupMatchSelectWidth={false}
      aria-label={t('crm.board.groupBy')}
      data-testid="board-group-by"
    />
  );
}
