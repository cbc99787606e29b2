import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NoticeRow } from '@orbit/shared/contract/notice';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { useAdminColumns } from '../../../../components/admin/adminColumns';
import { actionsColumn } from '../../../../components/admin/actionsColumn';
import ListTable from '../../../../components/admin/ListTable';
import { DeleteLink, EditLink } from '../../../../components/admin/RowActionLinks';
import { useHasPermission } from '../../../../utils/permission';
import type { useNoticeController } from '../useNoticeController';

export default function NoticeTable({ controller }: { controller: ReturnType<typeof useNoticeController> }) {
  const { t } = useTranslation();
  const { list } = controller;
  const canEdit = useHasPermission(PERMISSIONS.notice.edit);
  const canRemove = useHasPermission(PERMISSIONS.notice.remove);

  const columns: TableColumnsType<NoticeRow> = [
    ...useAdminColumns<NoticeRow>(
      [
        { key: 'noticeTitle', title: 'notice.noticeTitle', ellipsis: true, sortable: true },
        { key: 'noticeType', title: 'notice.noticeType', width: 110, sortable: true, show: { dict: 'sys_notice_type' } },
        {
          key: 'audience',
          title: 'notice.audience',
          width: 150,
          show: (_: unknown, row) => (row.deptIds.length ? <Tag>{t('notice.deptCount', { count: row.deptIds.length })}</Tag> : <Tag color="blue">{t('notice.everyone')}</Tag>),
        },
        { key: 'status', title: 'admin.status', width: 100, sortable: true, show: { dict: 'sys_notice_status' } },
        { key: 'createBy', title: 'notice.createBy', width: 120 },
        { key: 'createTime', title: 'admin.createTime', width: 170, sortable: true, show: 'time' },
      ],
      list,
    ),
    actionsColumn(t, { width: 170 }, (row) => (
      <>
        {canEdit && <EditLink onClick={() => controller.open({ notice: row })} />}
        {canRemove && <DeleteLink onClick={() => controller.remove([row])} />}
      </>
    )),
  ];

  return <ListTable list={list} rowKey="noticeId" columns={columns} selectable={canRemove} scroll={{ x: 1000 }} />;
}
