import { useTranslation } from 'react-i18next';
import type { CrmRecord, RecordAnswer } from '@orbit/shared/contract/crm';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { updateRecord } from '../../../../api/crm';
import { RequestError } from '../../../../api/request';
import { sameFieldValue } from '../fieldTypes/registry';
import { useCurrentModuleMeta } from '../ModuleMetaContext';
import { completeChange, useRecordWriteRules } from '../RecordWriteRulesContext';
import { undoValues } from '../undo/undoValues';
import { useUndoToast } from '../undo/useUndoToast';
import { useShowError } from '../useShowError';
import { checkLayoutValue, type LayoutField } from './recordFormValues';
import { useCheckMessage } from './useFieldRule';
import { isStaleVersion, useStaleVersion } from './useStaleVersion';

/**
 * How saving one field in place ended: `done` (saved, or nothing to save: the editor closes),
 * `open` (the user cancelled the module's question, or the server refused and said why: the
 * editor stays), or the message to show under the editor (a value the check or the server refused).
 */
export type FieldSaveOutcome = 'done' | 'open' | { error: string };

type Handlers = {
  /** The record as the update (or its undo) left it. */
  onSaved: (answer: RecordAnswer) => void;
  /** Fetch the record again (after a refused undo, or when the user accepts to reload a stale one). */
  onReload: () => void;
};

/**
 * Saves one field edited in place — a detail page's field, a list's cell — as the form would: the
 * layout's check (the server's own), nothing sent when nothing changed, the module's write rule
 * (closing an opportunity asks its date and reason), the record's version (a stale one offers to
 * reload), the server's refusal on the field. A saved change offers its undo for a few seconds.
 */
export function useSaveField(module: CrmModule, { onSaved, onReload }: Handlers) {
  const { t } = useTranslation();
  const checkMessage = useCheckMessage();
  const showStale = useStaleVersion();
  const showError = useShowError();
  const offerUndo = useUndoToast();
  const rules = useRecordWriteRules();
  const meta = useCurrentModuleMeta();

  return async (record: CrmRecord, layoutField: LayoutField, value: FieldValue): Promise<FieldSaveOutcome> => {
    const { field } = layoutField;
    const check = checkLayoutValue(layoutField, value);
    if (!check.ok) return { error: checkMessage(check, field.label) };
    if (sameFieldValue(field.type, record[field.name] ?? null, check.value)) return 'done';
    try {
      // A module's rule may ask for more (closing an opportunity: its close date and loss reason) or be cancelled.
      const changes = (await completeChange(rules, { [field.name]: check.value }, record)) as Record<string, FieldValue> | null;
      if (!changes) return 'open';
      const answer = await updateRecord(module, { id: record.id, version: record.version, ...changes });
      onSaved(answer);
      const previous = undoValues(record, answer.data, changes, meta?.fields ?? []);
      offerUndo(t('crm.inline.saved', { field: field.label }), async () => onSaved(await updateRecord(module, { id: record.id, version: answer.data.version, ...previous })), onReload);
      return 'done';
    } catch (error) {
      if (isStaleVersion(error)) {
        showStale(error, onReload);
        return 'done';
      }
      if (error instanceof RequestError && error.errors?.[field.name]) return { error: error.errors[field.name]! };
      showError(error);
      return 'open';
    }
  };
}
