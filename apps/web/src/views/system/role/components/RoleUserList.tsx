import { Form, Input, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRow } from '@orbit/shared/contract/user';
import ListTable, { type Selectable } from '../../../../components/admin/ListTable';
import SearchForm from '../../../../components/admin/SearchForm';
import type { ListController } from '../../../../components/admin/useListController';

export type RoleUserFilters = { roleId: number; userName?: string; phonenumber?: string };

type Props = {
  list: ListController<RoleUserFilters, UserRow>;
  columns: TableColumnsType<UserRow>;
  selectable?: Selectable<UserRow>;
  /** Buttons between the filters and the table. */
  toolbar?: ReactNode;
  emptyText?: ReactNode;
};

/** Users around a role (its holders, or those who could become one): name and phone filters, then the paged table. */
export default function RoleUserList({ list, columns, selectable, toolbar, emptyText }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Omit<RoleUserFilters, 'roleId'>>();
  return (
    <>
      <SearchForm form={form} onSearch={list.search} onReset={list.reset} nested>
        <Form.Item name="userName" label={t('user.userName')}>
          <Input allowClear style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="phonenumber" label={t('user.phonenumber')}>
          <Input allowClear style={{ width: 150 }} />
        </Form.Item>
      </SearchForm>
      {toolbar}
      <ListTable list={list} rowKey="userId" size="small" columns={columns} selectable={selectable} locale={emptyText ? { emptyText } : undefined} />
    </>
  );
}
