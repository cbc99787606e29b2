import { useTranslation } from 'react-i18next';
import { OPPORTUNITY_STAGE_DICT } from '@orbit/shared/constants';
import { createDictDataBody, type CreateDictDataBody } from '@orbit/shared/contract/dict';
import { addDictData, updateDictData } from '../../../../api/system/dict';
import AdminFormDialog from '../../../../components/admin/AdminFormDialog';
import { remarkField, type AdminField } from '../../../../components/admin/adminFields';
import DictTag from '../../../../components/dict/DictTag';
import type { DictDataDialog } from '../useDictDataController';

/** RuoYi's list classes: how a value is drawn as a tag. */
export const LIST_CLASSES = ['default', 'primary', 'success', 'info', 'warning', 'danger'] as const;
const field = createDictDataBody.shape;
type Values = Omit<CreateDictDataBody, 'extra'> & { labelZh?: string; probability?: number | null };

/**
 * Create or edit one value of a dictionary; the Chinese label is kept in `extra.labelZh`, and an
 * opportunity stage's win probability in `extra.probability`.
 */
export default function DictDataFormDialog({ dialog, dictType, onClose, onSaved }: { dialog: DictDataDialog; dictType: string; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const editing = dialog?.data;
  const isStage = dictType === OPPORTUNITY_STAGE_DICT;

  const fields: AdminField<Values>[] = [
    { name: 'dictType', label: 'dict.dictType', kind: 'text', disabled: true },
    { name: 'dictLabel', label: 'dict.dictLabel', kind: 'text', maxLength: 100, span: 12, required: true, schema: field.dictLabel },
    { name: 'labelZh', label: 'dict.labelZh', kind: 'text', maxLength: 100, span: 12, rules: [{ max: 100, message: t('server.validation.tooLong', { field: t('dict.labelZh'), max: 100 }) }] },
    { name: 'probability', label: 'dict.probability', kind: 'number', max: 100, precision: 0, hidden: !isStage, required: true, rules: [{ required: true, message: t('server.dict.probabilityRequired') }] },
    { name: 'dictValue', label: 'dict.dictValue', kind: 'text', maxLength: 100, span: 12, required: true, schema: field.dictValue },
    { name: 'dictSort', label: 'dict.dictSort', kind: 'number', max: 9999, span: 12, required: true, schema: field.dictSort },
    {
      name: 'listClass',
      label: 'dict.listClass',
      kind: 'select',
      span: 12,
      // Each class shown as the tag it draws.
      options: LIST_CLASSES.map((c) => ({ value: c, label: <DictTag options={[{ dictValue: c, dictLabel: t(`dict.class.${c}`), listClass: c } as never]} value={c} /> })),
    },
    { name: 'cssClass', label: 'dict.cssClass', kind: 'text', maxLength: 100, span: 12, schema: field.cssClass },
    { name: 'isDefault', label: 'dict.isDefault', kind: 'radio', dict: 'sys_yes_no', span: 12 },
    { kind: 'status', span: 12 },
    remarkField(field.remark),
  ];
  const save = ({ labelZh, probability, ...values }: Values) => {
    const extra = { ...(editing?.extra ?? {}), labelZh: labelZh ?? '', ...(isStage ? { probability: probability ?? null } : {}) } as CreateDictDataBody['extra'];
    const body = { ...values, dictType, extra };
    return editing ? updateDictData({ ...body, dictCode: editing.dictCode }) : addDictData(body);
  };
  const initialValues = editing
    ? {
        ...editing,
        labelZh: typeof editing.extra?.labelZh === 'string' ? editing.extra.labelZh : '',
        probability: typeof editing.extra?.probability === 'number' ? editing.extra.probability : null,
      }
    : { dictType, dictSort: 0, listClass: 'default', isDefault: 'N', status: '0' };

  return (
    <AdminFormDialog
      open={!!dialog}
      description={{ title: editing ? 'dict.editDataTitle' : 'dict.addDataTitle', fields, initialValues, save }}
      width={640}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
