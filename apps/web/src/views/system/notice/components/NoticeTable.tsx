import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NoticeRow } from '@orbit/shared/contract/notice';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { formatTime } from '../../../../components/admin/formatTime';
import { actionsColumn } from '../../../../components/admin/actionsColumn';
import ListTable from '../../../../components/admin/ListTable';
import { DeleteLink, EditLink } from '../../../../components/admin/RowActionLinks';
import DictTag from '../../../../components/dict/DictTag';
import { useDict } from '../../../../components/dict/useDict';
import { useHasPermission } from '../../../../utils/permission';
import type { useNoticeController } from '../useNoticeController';

export default function NoticeTable({ controller }: { controller: ReturnType<typeof useNoticeController> }) {
  const { t } = useTranslation();
  const { list } = controller;
  const dict = useDict('sys_notice_type', 'sys_notice_status');
  const canEdit = useHasPermission(PERMISSIONS.notice.edit);
  const canRemove = useHasPermission(PERMISSIONS.notice.remove);

  const columns: TableColumnsType<NoticeRow> = [
    { title: t('notice.noticeTitle'), ellipsis: true, ...list.sortable('noticeTitle') },
    { title: t('notice.noticeType'), width: 110, ...list.sortable('noticeType'), render: (v: string) => <DictTag options={dict.sys_notice_type} value={v} /> },
    {
      title: t('notice.audience'),
      key: 'audience',
      width: 150,
      render: (_, row) => (row.deptIds.length ? <Tag>{t('notice.deptCount', { count: row.deptIds.length })}</Tag> : <Tag color="blue">{t('notice.everyone')}</Tag>),
    },
    { title: t('admin.status'), width: 100, ...list.sortable('status'), render: (v: string) => <DictTag options={dict.sys_notice_status} value={v} /> },
    { title: t('notice.createBy'), dataIndex: 'createBy', key: 'createBy', width: 120 },
    { title: t('admin.createTime'), width: 170, ...list.sortable('createTime'), render: formatTime },
    actionsColumn(t, { width: 170 }, (row) => (
      <>
        {canEdit && <EditLink onClick={() => controller.open({ notice: row })} />}
        {canRemove && <DeleteLink onClick={() => controller.remove([row])} />}
      </>
    )),
  ];

  return <ListTable list={list} rowKey="noticeId" columns={columns} selectable={canRemove} scroll={{ x: 1000 }} />;
}
