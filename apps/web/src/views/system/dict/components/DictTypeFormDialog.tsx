import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { createDictTypeBody, type CreateDictTypeBody } from '@orbit/shared/contract/dict';
import { addDictType, updateDictType } from '../../../../api/system/dict';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { useZodRule } from '../../../../components/admin/useZodRule';
import { StatusRadioItem } from '../../../../components/dict/StatusItems';
import type { DictTypeDialog } from '../useDictTypeController';

const field = createDictTypeBody.shape;

/** Create or edit a dictionary type. */
export default function DictTypeFormDialog({ dialog, onClose, onSaved }: { dialog: DictTypeDialog; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateDictTypeBody>();
  const zodRule = useZodRule();
  const editing = dialog?.type;
  const save = (values: CreateDictTypeBody) => (editing ? updateDictType({ ...values, dictId: editing.dictId }) : addDictType(values));
  const { saving, submit } = useFormSubmit(form, save, () => {
    onSaved();
    onClose();
  });
  return (
    <FormDialog
      open={!!dialog}
      title={t(editing ? 'dict.editTypeTitle' : 'dict.addTypeTitle')}
      onSubmit={() => void submit()}
      onClose={onClose}
      saving={saving}
    >
      <DialogForm form={form} layout="vertical" initialValues={editing ?? { status: '0' }}>
        <Form.Item name="dictName" label={t('dict.dictName')} required rules={[zodRule(field.dictName, 'dictName')]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="dictType" label={t('dict.dictType')} required rules={[zodRule(field.dictType, 'dictType')]} extra={t('dict.dictTypeHint')}>
          <Input maxLength={100} />
        </Form.Item>
        <StatusRadioItem />
        <Form.Item name="remark" label={t('admin.remark')} rules={[zodRule(field.remark, 'remark')]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </DialogForm>
    </FormDialog>
  );
}
