import { useQuery } from '@tanstack/react-query';
import { Form, Input, Radio, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { createNoticeBody, type CreateNoticeBody } from '@orbit/shared/contract/notice';
import { addNotice, getNoticeDeptTree, updateNotice } from '../../../../api/system/notice';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { useZodRule } from '../../../../components/admin/useZodRule';
import { dictSelectOptions, useDict } from '../../../../components/dict/useDict';
import type { NoticeDialog } from '../useNoticeController';
import NoticeEditor from './NoticeEditor';

const field = createNoticeBody.shape;

/** Publish or edit a notice: title, type, status, audience (everyone or departments) and its formatted content. */
export default function NoticeFormDialog({ dialog, onClose, onSaved }: { dialog: NoticeDialog; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateNoticeBody>();
  const zodRule = useZodRule();
  const dict = useDict('sys_notice_type', 'sys_notice_status');
  const depts = useQuery({ queryKey: ['system-notice-dept-tree'], queryFn: async () => (await getNoticeDeptTree()).data, enabled: !!dialog });
  const editing = dialog?.notice;
  const save = (values: CreateNoticeBody) => {
    const body = { ...values, deptIds: values.deptIds ?? [], noticeContent: values.noticeContent ?? '' };
    return editing ? updateNotice({ ...body, noticeId: editing.noticeId }) : addNotice(body);
  };
  const { saving, submit } = useFormSubmit(form, save, () => {
    onSaved();
    onClose();
  });
  const initial = editing ?? { noticeType: '1', status: '0', deptIds: [], noticeContent: '' };

  return (
    <FormDialog open={!!dialog} title={t(editing ? 'notice.editTitle' : 'notice.addTitle')} onSubmit={() => void submit()} onClose={onClose} saving={saving} width={640}>
      <DialogForm form={form} name="notice" layout="vertical" initialValues={initial} data-testid="notice-form">
        <Form.Item name="noticeTitle" label={t('notice.noticeTitle')} required rules={[zodRule(field.noticeTitle, 'noticeTitle')]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="noticeType" label={t('notice.noticeType')} required>
          <Radio.Group options={dictSelectOptions(dict.sys_notice_type)} />
        </Form.Item>
        <Form.Item name="status" label={t('admin.status')}>
          <Radio.Group options={dictSelectOptions(dict.sys_notice_status)} />
        </Form.Item>
        <Form.Item name="deptIds" label={t('notice.departments')} extra={t('notice.departmentsHint')}>
          <TreeSelect multiple allowClear treeData={depts.data} fieldNames={{ value: 'id', label: 'label' }} treeDefaultExpandAll placeholder={t('notice.everyone')} />
        </Form.Item>
        <Form.Item name="noticeContent" label={t('notice.noticeContent')} rules={[zodRule(field.noticeContent, 'noticeContent')]}>
          <NoticeEditor label={t('notice.noticeContent')} />
        </Form.Item>
        <Form.Item name="remark" label={t('admin.remark')} rules={[zodRule(field.remark, 'remark')]}>
          <Input maxLength={255} />
        </Form.Item>
      </DialogForm>
    </FormDialog>
  );
}
