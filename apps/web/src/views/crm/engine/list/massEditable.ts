import type { ModuleMeta } from '@orbit/shared/contract/crm';
import { isMassEditable } from '@orbit/shared/crm/fieldTypes';

/**
 * Fields one value may be set on for many records at once (the rule is shared with the server). Apart from
 * ChangeFieldDialog so that the list can offer the action without loading the dialog.
 */
export function massEditableFields(meta: ModuleMeta) {
  return meta.fields.filter((f) => isMassEditable(f, meta.nameFields));
}
