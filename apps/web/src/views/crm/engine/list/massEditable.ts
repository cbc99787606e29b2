import type { ModuleMeta } from '@orbit/shared/contract/crm';
import { fieldTypeView } from '../fieldTypes/registry';

/**
 * Fields one value may be set on for many records at once (status, rating, campaign…). Apart from
 * ChangeFieldDialog so that the list can offer the action without loading the dialog.
 */
export function massEditableFields(meta: ModuleMeta) {
  return meta.fields.filter((f) => !f.system && !f.readOnly && fieldTypeView(f.type).massEditable);
}
