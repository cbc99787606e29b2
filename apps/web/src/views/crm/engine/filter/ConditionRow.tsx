import { DeleteOutlined } from '@ant-design/icons';
import { Button, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldMeta } from '@orbit/shared/contract/crm';
import { OPERATORS_BY_TYPE, operandShape, type FilterOperator } from '@orbit/shared/crm/fieldTypes';
import { fieldTypeView } from '../fieldTypes/registry';
import { withField, withOperator, type ConditionDraft } from './filterDraft';

type Props = { fields: FieldMeta[]; condition: ConditionDraft; onChange: (next: ConditionDraft) => void; onRemove: () => void };

/** One condition: a field, then an operator its type allows, then the value widget of that type and operator. */
export default function ConditionRow({ fields, condition, onChange, onRemove }: Props) {
  const { t } = useTranslation();
  const field = fields.find((f) => f.name === condition.field);
  const shape = condition.op ? operandShape(condition.op) : 'none';
  const ValueInput = field ? fieldTypeView(field.type).FilterInput : null;
  return (
    <Space wrap className="crm-filter-condition" data-testid="filter-condition">
      <Select
        value={condition.field}
        onChange={(name: string) => onChange(withField(condition, fields.find((f) => f.name === name)!))}
        options={fields.map((f) => ({ value: f.name, label: f.label }))}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('crm.filter.field')}
        aria-label={t('crm.filter.field')}
        style={{ width: 180 }}
      />
      {field && (
        <Select
          value={condition.op}
          onChange={(op: FilterOperator) => onChange(withOperator(condition, op))}
          options={OPERATORS_BY_TYPE[field.type].map((op) => ({ value: op, label: t(`crm.op.${op}`) }))}
          aria-label={t('crm.filter.operator')}
          style={{ width: 170 }}
        />
      )}
      {field && ValueInput && shape !== 'none' && <ValueInput field={field} shape={shape} value={condition.value} onChange={(value) => onChange({ ...condition, value })} />}
      <Button type="text" icon={<DeleteOutlined />} onClick={onRemove} aria-label={t('crm.filter.removeCondition')} />
    </Space>
  );
}
