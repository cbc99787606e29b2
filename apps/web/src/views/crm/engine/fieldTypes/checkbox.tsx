import { CheckOutlined } from '@ant-design/icons';
import { Checkbox, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldTypeView, FilterInputProps } from './fieldTypeView';

/** A tick when checked and a quiet "No" when not: a blank would read as "not filled in". */
function Display({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === true) return <CheckOutlined aria-label={t('crm.yes')} />;
  return value === false ? <Typography.Text type="secondary">{t('crm.no')}</Typography.Text> : null;
}

/** "Is / is not checked". */
function FilterInput({ value, onChange }: FilterInputProps) {
  const { t } = useTranslation();
  return (
    <Select
      value={typeof value === 'boolean' ? value : undefined}
      onChange={onChange}
      options={[
        { value: true, label: t('crm.yes') },
        { value: false, label: t('crm.no') },
      ]}
      style={{ width: 120 }}
      aria-label={t('crm.filter.value')}
    />
  );
}

export const checkboxView: FieldTypeView = {
  Display,
  Input: ({ value, onChange, id, autoFocus }) => <Checkbox id={id} checked={value === true} onChange={(e) => onChange?.(e.target.checked)} autoFocus={autoFocus} />,
  FilterInput,
  columnWidth: 70,
  sameValue: (a, b) => (a === true) === (b === true),
};
