import { createDictTypeBody, type CreateDictTypeBody } from '@orbit/shared/contract/dict';
import { addDictType, updateDictType } from '../../../../api/system/dict';
import AdminFormDialog from '../../../../components/admin/AdminFormDialog';
import { remarkField, type AdminField } from '../../../../components/admin/adminFields';
import type { DictTypeDialog } from '../useDictTypeController';

const field = createDictTypeBody.shape;
const fields: AdminField<CreateDictTypeBody>[] = [
  { name: 'dictName', label: 'dict.dictName', kind: 'text', maxLength: 100, required: true, schema: field.dictName },
  { name: 'dictType', label: 'dict.dictType', kind: 'text', maxLength: 100, required: true, schema: field.dictType, hint: 'dict.dictTypeHint' },
  { kind: 'status' },
  remarkField(field.remark),
];

/** Create or edit a dictionary type. */
export default function DictTypeFormDialog({ dialog, onClose, onSaved }: { dialog: DictTypeDialog; onClose: () => void; onSaved: () => void }) {
  const editing = dialog?.type;
  const save = (values: CreateDictTypeBody) => (editing ? updateDictType({ ...values, dictId: editing.dictId }) : addDictType(values));
  return (
    <AdminFormDialog
      open={!!dialog}
      description={{ title: editing ? 'dict.editTypeTitle' : 'dict.addTypeTitle', fields, initialValues: editing ?? { status: '0' }, save }}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
