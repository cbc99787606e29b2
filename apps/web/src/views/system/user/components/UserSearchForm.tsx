import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { withDateRange, type DateRange } from '../../../../components/admin/dateRange';
import DateRangeFilterItem from '../../../../components/admin/DateRangeFilterItem';
import SearchForm from '../../../../components/admin/SearchForm';
import { StatusFilterItem } from '../../../../components/dict/StatusItems';
import type { UserFilters } from '../useUserController';

type Values = { userName?: string; phonenumber?: string; status?: string; createTime?: DateRange };

export default function UserSearchForm({ onSearch, onReset }: { onSearch: (filters: UserFilters) => void; onReset: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <SearchForm form={form} onSearch={withDateRange<Values>(onSearch)} onReset={onReset}>
      <Form.Item name="userName" label={t('user.userName')}>
        <Input allowClear placeholder={t('user.userNamePlaceholder')} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="phonenumber" label={t('user.phonenumber')}>
        <Input allowClear placeholder={t('user.phonePlaceholder')} style={{ width: 180 }} />
      </Form.Item>
      <StatusFilterItem />
      <DateRangeFilterItem />
    </SearchForm>
  );
}
