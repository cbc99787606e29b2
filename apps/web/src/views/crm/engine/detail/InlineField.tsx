import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrmRecord, LookupLabels, RecordAnswer } from '@orbit/shared/contract/crm';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { updateRecord } from '../../../../api/crm';
import { RequestError } from '../../../../api/request';
import { FieldDisplay } from '../fieldTypes/FieldDisplay';
import { FieldInput } from '../fieldTypes/FieldInput';
import { sameFieldValue } from '../fieldTypes/registry';
import { checkLayoutValue, type LayoutField } from '../form/recordFormValues';
import { useCheckMessage } from '../form/useFieldRule';
import { isStaleVersion, useStaleVersion } from '../form/useStaleVersion';
import { completeChange, useRecordWriteRules } from '../RecordWriteRulesContext';
import { useShowError } from '../useShowError';

type Props = {
  module: CrmModule;
  record: CrmRecord;
  lookups: LookupLabels;
  layoutField: LayoutField;
  /** The user may edit the module's records. */
  canEdit: boolean;
  onSaved: (answer: RecordAnswer) => void;
  onReload: () => void;
};

/**
 * One field of a detail page, edited in place: click the pencil (or double-click the value), change
 * it, save. The update carries only this field and the record's version; the same checks as the
 * form apply, and the server's refusal shows under the input.
 */
export default function InlineField({ module, record, lookups, layoutField, canEdit, onSaved, onReload }: Props) {
  const { t } = useTranslation();
  const checkMessage = useCheckMessage();
  const showStale = useStaleVersion();
  const showError = useShowError();
  const rules = useRecordWriteRules();
  const { field } = layoutField;
  const [draft, setDraft] = useState<{ value: FieldValue; error?: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const editable = canEdit && layoutField.editable;

  const save = async () => {
    if (!draft) return;
    const check = checkLayoutValue(layoutField, draft.value);
    if (!check.ok) return setDraft({ ...draft, error: checkMessage(check, field.label) });
    if (sameFieldValue(field.type, record[field.name] ?? null, check.value)) return setDraft(null);
    setSaving(true);
    try {
      // A module's rule may ask for more (closing an opportunity: its close date and loss reason) or be cancelled.
      const changes = await completeChange(rules, { [field.name]: check.value }, record);
      if (!changes) return;
      onSaved(await updateRecord(module, { id: record.id, version: record.version, ...(changes as Record<string, FieldValue>) }));
      setDraft(null);
    } catch (error) {
      if (isStaleVersion(error)) {
        setDraft(null);
        showStale(error, onReload);
      } else if (error instanceof RequestError && error.errors?.[field.name]) {
        setDraft({ ...draft, error: error.errors[field.name] });
      } else {
        showError(error);
      }
    } finally {
      setSaving(false);
    }
  };

  const handleKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setDraft(null);
    // Enter saves from a plain input; in a dropdown or a date picker it chooses, in a text area it breaks the line.
    const inPicker = (event.target as HTMLElement).closest('.ant-select, .ant-picker, textarea');
    if (event.key === 'Enter' && !inPicker) void save();
  };

  if (draft) {
    return (
      <div className="crm-inline-edit" onKeyDown={handleKey} data-testid={`inline-edit-${field.name}`}>
        <Space.Compact style={{ width: '100%' }}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <FieldInput field={field} value={draft.value} onChange={(value) => setDraft({ value })} lookups={lookups} autoFocus />
          </div>
          <Button type="primary" icon={<CheckOutlined />} loading={saving} onClick={() => void save()} aria-label={t('crm.form.save')} />
          <Button icon={<CloseOutlined />} onClick={() => setDraft(null)} aria-label={t('common.cancel')} />
        </Space.Compact>
        {draft.error && (
          <Typography.Text type="danger" role="alert">
            {draft.error}
          </Typography.Text>
        )}
      </div>
    );
  }
  return (
    <div className={editable ? 'crm-inline crm-inline-editable' : 'crm-inline'} onDoubleClick={editable ? () => setDraft({ value: record[field.name] ?? null }) : undefined}>
      <span className="crm-inline-value">
        <FieldDisplay field={field} value={record[field.name]} lookups={lookups} />
      </span>
      {editable && (
        <Button
          type="text"
          size="small"
          className="crm-inline-pencil"
          icon={<EditOutlined />}
          onClick={() => setDraft({ value: record[field.name] ?? null })}
          aria-label={t('crm.detail.editField', { field: field.label })}
        />
      )}
    </div>
  );
}
