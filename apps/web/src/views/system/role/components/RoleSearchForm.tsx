import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { withDateRange, type DateRange } from '../../../../components/admin/dateRange';
import DateRangeFilterItem from '../../../../components/admin/DateRangeFilterItem';
import SearchForm from '../../../../components/admin/SearchForm';
import { StatusFilterItem } from '../../../../components/dict/StatusItems';
import type { RoleFilters } from '../useRoleController';

type Values = { roleName?: string; roleKey?: string; status?: string; createTime?: DateRange };

export default function RoleSearchForm({ onSearch, onReset }: { onSearch: (filters: RoleFilters) => void; onReset: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <SearchForm form={form} onSearch={withDateRange<Values>(onSearch)} onReset={onReset}>
      <Form.Item name="roleName" label={t('role.roleName')}>
        <Input allowClear placeholder={t('role.roleName')} style={{ width: 170 }} />
      </Form.Item>
      <Form.Item name="roleKey" label={t('role.roleKey')}>
        <Input allowClear placeholder={t('role.roleKey')} style={{ width: 170 }} />
      </Form.Item>
      <StatusFilterItem />
      <DateRangeFilterItem />
    </SearchForm>
  );
}
