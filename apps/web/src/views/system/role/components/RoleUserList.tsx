import { Form, Input, Table, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRow } from '@orbit/shared/contract/user';
import LoadError from '../../../../components/admin/LoadError';
import SearchForm from '../../../../components/admin/SearchForm';
import type { useListController } from '../../../../components/admin/useListController';

export type RoleUserFilters = { roleId: number; userName?: string; phonenumber?: string };

type Props = {
  list: ReturnType<typeof useListController<RoleUserFilters, UserRow>>;
  columns: TableColumnsType<UserRow>;
  rowSelection?: TableProps<UserRow>['rowSelection'];
  /** Buttons between the filters and the table. */
  toolbar?: ReactNode;
  emptyText?: ReactNode;
};

/** Users around a role (its holders, or those who could become one): name and phone filters, then the paged table. */
export default function RoleUserList({ list, columns, rowSelection, toolbar, emptyText }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Omit<RoleUserFilters, 'roleId'>>();
  return (
    <>
      <SearchForm form={form} onSearch={list.search} onReset={list.reset}>
        <Form.Item name="userName" label={t('user.userName')}>
          <Input allowClear style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="phonenumber" label={t('user.phonenumber')}>
          <Input allowClear style={{ width: 150 }} />
        </Form.Item>
      </SearchForm>
      {toolbar}
      {list.isError ? (
        <LoadError onRetry={list.refetch} />
      ) : (
        <Table<UserRow>
          rowKey="userId"
          size="small"
          columns={columns}
          dataSource={list.rows}
          loading={list.isLoading}
          rowSelection={rowSelection}
          locale={emptyText ? { emptyText } : undefined}
          pagination={{ ...list.pagination, showTotal: (total) => t('admin.total', { total }) }}
          onChange={list.handleTableChange}
        />
      )}
    </>
  );
}
