import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrmRecord, LookupLabels, RecordAnswer } from '@orbit/shared/contract/crm';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { FieldDisplay } from '../fieldTypes/FieldDisplay';
import { FieldInput } from '../fieldTypes/FieldInput';
import type { LayoutField } from '../form/recordFormValues';
import { useSaveField } from '../form/useSaveField';
import { currencyOfRecord } from '../../../../utils/formatCurrency';

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
 * form apply (useSaveField), the server's refusal shows under the input, and an undo is offered.
 */
export default function InlineField({ module, record, lookups, layoutField, canEdit, onSaved, onReload }: Props) {
  const { t } = useTranslation();
  const saveField = useSaveField(module, { onSaved, onReload });
  const { field } = layoutField;
  const [draft, setDraft] = useState<{ value: FieldValue; error?: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const editable = canEdit && layoutField.editable;

  const save = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      const outcome = await saveField(record, layoutField, draft.value);
      if (outcome === 'done') setDraft(null);
      else if (outcome !== 'open') setDraft({ ...draft, error: outcome.error });
    } finally {
      setSaving(false);
    }
  };

  const handleKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setDraft(null);
    // Enter saves from a plain input; in a dropdown or a date picker it chooses, in a text area or rich text it breaks the line.
    const inPicker = (event.target as HTMLElement).closest('.ant-select, .ant-picker, textarea, [contenteditable="true"]');
    if (event.key === 'Enter' && !inPicker) void save();
  };

  if (draft) {
    return (
      <div className="crm-inline-edit" onKeyDown={handleKey} data-testid={`inline-edit-${field.name}`}>
        <Space.Compact style={{ width: '100%' }}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <FieldInput field={field} value={draft.value} onChange={(value) => setDraft({ value })} lookups={lookups} currency={currencyOfRecord(record)} autoFocus />
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
        <FieldDisplay field={field} value={record[field.name]} lookups={lookups} currency={currencyOfRecord(record)} />
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
