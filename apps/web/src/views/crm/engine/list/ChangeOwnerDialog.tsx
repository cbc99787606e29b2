import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { transferRecords } from '../../../../api/crm';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import LookupSelect from '../LookupSelect';
import type { MassActionDialogProps } from './massAction';

type Values = { ownerId?: number | null };

/** Gives the selected records (or the one on a detail page) to another active user. */
export default function ChangeOwnerDialog({ module, ids, open, onClose, onDone }: MassActionDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { saving, submit } = useFormSubmit(form, (values: Values) => transferRecords(module, ids, values.ownerId!), () => {
    onDone();
    onClose();
  });
  return (
    <FormDialog open={open} title={t('crm.mass.changeOwnerTitle', { count: ids.length })} saving={saving} onSubmit={() => void submit()} onClose={onClose}>
      <DialogForm form={form} layout="vertical" data-testid="change-owner-form">
        <Form.Item name="ownerId" label={t('crm.mass.newOwner')} required rules={[{ required: true, message: t('server.validation.required', { field: t('crm.mass.newOwner') }) }]}>
          <LookupSelect target="user" />
        </Form.Item>
      </DialogForm>
    </FormDialog>
  );
}
