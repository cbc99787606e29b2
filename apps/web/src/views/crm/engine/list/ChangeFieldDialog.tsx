import { App, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import { massUpdateRecords, undoMassUpdate } from '../../../../api/crm';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { SAVE_CANCELLED, useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { FieldInput } from '../fieldTypes/FieldInput';
import { useFieldRule } from '../form/useFieldRule';
import { useCurrentModuleMeta } from '../ModuleMetaContext';
import { completeChange, useRecordWriteRules } from '../RecordWriteRulesContext';
import { useUndoToast } from '../undo/useUndoToast';
import type { MassActionDialogProps } from './massAction';
import { massEditableFields } from './massEditable';

type Values = { field?: string; value?: FieldValue };

/**
 * Sets one field (a status, a rating, a campaign…) to one value on every selected record; says how
 * many were saved and offers, for a few seconds, to give each its previous value back (mass/undo).
 */
export default function ChangeFieldDialog({ module, ids, open, onClose, onDone }: MassActionDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const fieldRule = useFieldRule();
  const meta = useCurrentModuleMeta();
  const fields = meta ? massEditableFields(meta) : [];
  const chosenName = Form.useWatch('field', form);
  const chosen = fields.find((f) => f.name === chosenName);
  const rules = useRecordWriteRules();
  const offerUndo = useUndoToast();
  // The module's rule may ask for more with the change (closing opportunities: date and reason); cancelling it sends nothing.
  const save = async ({ field, value = null }: Values) => {
    const completed = await completeChange(rules, { [field!]: value }, null, ids.length);
    if (!completed) return SAVE_CANCELLED;
    const { [field!]: _chosen, ...also } = completed;
    const { data: changed, undo } = await massUpdateRecords(module, ids, field!, value, also);
    // How many changed, not just "saved": records that had the value already are left as they were.
    if (!changed) void message.info(t('crm.mass.updated', { count: 0 }));
    else offerUndo(t('crm.mass.updated', { count: changed }), () => undoMassUpdate(module, undo), onDone);
  };
  const { saving, submit } = useFormSubmit(
    form,
    save,
    () => {
      onDone();
      onClose();
    },
    null,
  );
  return (
    <FormDialog open={open} title={t('crm.mass.changeFieldTitle', { count: ids.length })} saving={saving} onSubmit={() => void submit()} onClose={onClose}>
      <DialogForm form={form} layout="vertical" data-testid="change-field-form">
        <Form.Item name="field" label={t('crm.mass.field')} required rules={[{ required: true, message: t('server.validation.required', { field: t('crm.mass.field') }) }]}>
          <Select options={fields.map((f) => ({ value: f.name, label: f.label }))} onChange={() => form.setFieldValue('value', undefined)} />
        </Form.Item>
        {chosen && (
          <Form.Item key={chosen.name} name="value" label={chosen.label} required={chosen.required} rules={[fieldRule({ field: chosen, required: chosen.required })]}>
            <FieldInput field={chosen} />
          </Form.Item>
        )}
      </DialogForm>
    </FormDialog>
  );
}
