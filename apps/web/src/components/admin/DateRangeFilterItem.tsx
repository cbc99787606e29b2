import { DatePicker, Form } from 'antd';
import { useTranslation } from 'react-i18next';

/** A "between two dates" filter of a search form (created between by default); turn its value into parameters with `dateRangeParams`. */
export default function DateRangeFilterItem({ name = 'createTime', label }: { name?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label ?? t('admin.createTime')}>
      <DatePicker.RangePicker />
    </Form.Item>
  );
}
