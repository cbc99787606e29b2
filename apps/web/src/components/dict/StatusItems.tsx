import { Form, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { dictSelectOptions, useDict } from './useDict';

/** The "status" filter of a search form: any, normal or disabled (dictionary sys_normal_disable). */
export function StatusFilterItem() {
  const { t } = useTranslation();
  const dict = useDict('sys_normal_disable');
  return (
    <Form.Item name="status" label={t('admin.status')}>
      <Select allowClear placeholder={t('admin.statusPlaceholder')} style={{ width: 130 }} options={dictSelectOptions(dict.sys_normal_disable)} />
    </Form.Item>
  );
}

/** The "status" field of a create/edit form: normal or disabled as radio buttons. */
export function StatusRadioItem() {
  const { t } = useTranslation();
  const dict = useDict('sys_normal_disable');
  return (
    <Form.Item name="status" label={t('admin.status')}>
      <Radio.Group options={dictSelectOptions(dict.sys_normal_disable)} />
    </Form.Item>
  );
}
