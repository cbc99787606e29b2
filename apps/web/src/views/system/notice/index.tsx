import { Card } from 'antd';
import { PERMISSIONS } from '@orbit/shared/permissions';
import AdminSearchForm, { type AdminFilter } from '../../../components/admin/AdminSearchForm';
import ListToolbar from '../../../components/admin/ListToolbar';
import NoticeFormDialog from './components/NoticeFormDialog';
import NoticeTable from './components/NoticeTable';
import { useNoticeController } from './useNoticeController';

const filters: AdminFilter[] = [
  { kind: 'text', name: 'noticeTitle', label: 'notice.noticeTitle', width: 170 },
  { kind: 'text', name: 'createBy', label: 'notice.createBy', width: 140 },
  { kind: 'select', name: 'noticeType', label: 'notice.noticeType', dict: 'sys_notice_type', width: 130 },
  { kind: 'dateRange' },
];

/** System › Notices: announcements to everyone or to departments, read through the navbar's bell. */
export default function NoticePage() {
  const controller = useNoticeController();
  const { list } = controller;

  return (
    <Card size="small" data-testid="notice-page">
      <AdminSearchForm filters={filters} onSearch={list.search} onReset={list.reset} />
      <ListToolbar
        add={{ permission: PERMISSIONS.notice.add, onClick: () => controller.open({}), testId: 'notice-add' }}
        remove={{ permission: PERMISSIONS.notice.remove, selected: controller.selected, onClick: controller.remove }}
      />
      <NoticeTable controller={controller} />
      <NoticeFormDialog dialog={controller.dialog} onClose={controller.close} onSaved={() => void controller.refresh()} />
    </Card>
  );
}
