import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createNoticeBody, type CreateNoticeBody } from '@orbit/shared/contract/notice';
import { addNotice, getNoticeDeptTree, updateNotice } from '../../../../api/system/notice';
import AdminFormDialog from '../../../../components/admin/AdminFormDialog';
import type { AdminField } from '../../../../components/admin/adminFields';
import type { NoticeDialog } from '../useNoticeController';
import NoticeEditor from './NoticeEditor';

const field = createNoticeBody.shape;

/** Publish or edit a notice: title, type, status, audience (everyone or departments) and its formatted content. */
export default function NoticeFormDialog({ dialog, onClose, onSaved }: { dialog: NoticeDialog; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const depts = useQuery({ queryKey: ['system-notice-dept-tree'], queryFn: async () => (await getNoticeDeptTree()).data, enabled: !!dialog });
  const editing = dialog?.notice;
  const fields: AdminField<CreateNoticeBody>[] = [
    { name: 'noticeTitle', label: 'notice.noticeTitle', kind: 'text', maxLength: 50, required: true, schema: field.noticeTitle },
    { name: 'noticeType', label: 'notice.noticeType', kind: 'radio', dict: 'sys_notice_type', required: true },
    { name: 'status', label: 'admin.status', kind: 'radio', dict: 'sys_notice_status' },
    { name: 'deptIds', label: 'notice.departments', kind: 'tree', treeData: depts.data ?? [], value: 'id', text: 'label', multiple: true, allowClear: true, placeholder: t('notice.everyone'), hint: 'notice.departmentsHint' },
    { name: 'noticeContent', label: 'notice.noticeContent', kind: 'custom', render: () => <NoticeEditor label={t('notice.noticeContent')} />, schema: field.noticeContent },
    // A notice's remark is one line.
    { name: 'remark', label: 'admin.remark', kind: 'text', maxLength: 255, schema: field.remark },
  ];
  const save = (values: CreateNoticeBody) => {
    const body = { ...values, deptIds: values.deptIds ?? [], noticeContent: values.noticeContent ?? '' };
    return editing ? updateNotice({ ...body, noticeId: editing.noticeId }) : addNotice(body);
  };

  return (
    <AdminFormDialog
      open={!!dialog}
      description={{ title: editing ? 'notice.editTitle' : 'notice.addTitle', fields, initialValues: editing ?? { noticeType: '1', status: '0', deptIds: [], noticeContent: '' }, save }}
      width={640}
      name="notice"
      testId="notice-form"
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
