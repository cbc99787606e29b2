import { CheckOutlined } from '@ant-design/icons';
import { Checkbox, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldTypeView, FilterInputProps } from './fieldTypeView';

function Display({ value }: { value: unknown }) {
  const { t } = useTranslation();
  return value === true ? <CheckOutlined aria-label={t('crm.yes')} /> : null;
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
  massEditable: true,
  sameValue: (a, b) => (a === true) === (b === true),
};
