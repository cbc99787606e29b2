import { Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { createListViewBody } from '@orbit/shared/contract/crm';
import { PERMISSIONS } from '@orbit/shared/permissions';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { useZodRule } from '../../../../components/admin/useZodRule';
import { useHasPermission } from '../../../../utils/permission';

export type ViewDraft = { name: string; shared: boolean };

type Props = {
  /** The dialog open: a new view, or the view being renamed / re-saved with its current values. */
  open: { mode: 'create' | 'update'; initial: ViewDraft } | null;
  onSave: (draft: ViewDraft) => Promise<unknown>;
  onClose: () => void;
};

/** Names a list view (and shares it, for those who may) before the list's current settings are saved into it. */
export default function SaveViewDialog({ open, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ViewDraft>();
  const zodRule = useZodRule();
  const mayShare = useHasPermission(PERMISSIONS.setupFields.list);
  const { saving, submit } = useFormSubmit(form, onSave, onClose);
  return (
    <FormDialog open={!!open} title={t(open?.mode === 'update' ? 'crm.view.updateTitle' : 'crm.view.saveAsTitle')} saving={saving} onSubmit={() => void submit()} onClose={onClose}>
      <DialogForm form={form} layout="vertical" initialValues={open?.initial} data-testid="save-view-form">
        <Form.Item name="name" label={t('crm.view.name')} required rules={[zodRule(createListViewBody.shape.name, 'name')]}>
          <Input maxLength={60} />
        </Form.Item>
        {mayShare && (
          <Form.Item name="shared" valuePropName="checked">
            <Checkbox>{t('crm.view.share')}</Checkbox>
          </Form.Item>
        )}
      </DialogForm>
    </FormDialog>
  );
}
