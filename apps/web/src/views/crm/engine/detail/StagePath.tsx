import { Button, Modal, Space, Steps, type StepsProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrmRecord, ModuleMeta, RecordAnswer } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { updateRecord } from '../../../../api/crm';
import { RequestError } from '../../../../api/request';
import { useDictValues } from '../../../../components/dict/useDict';
import { layoutSections } from '../form/recordFormValues';
import { isStaleVersion, useStaleVersion } from '../form/useStaleVersion';
import { layoutOf } from '../moduleMeta';
import { completeChange, useRecordWriteRules } from '../RecordWriteRulesContext';
import { useShowError } from '../useShowError';

type Props = {
  module: CrmModule;
  meta: ModuleMeta;
  record: CrmRecord;
  /** The user may change the record (and it is not locked). */
  canEdit: boolean;
  onSaved: (answer: RecordAnswer) => void;
  onReload: () => void;
};

/**
 * A module's path across the detail header (docs/records-engine-web.md, "Stage path"): the open
 * values of its picklist in the dictionary's order, then one closing step (won or lost; a lead's
 * unqualified or converted). A click moves the record there with the rules of any other change —
 * the module's own (closing an opportunity asks its date and loss reason), the version check, the
 * layout's read-only fields — and values only an action reaches are never offered.
 */
export default function StagePath({ module, meta, record, canEdit, onSaved, onReload }: Props) {
  const { t } = useTranslation();
  const rules = useRecordWriteRules();
  const showError = useShowError();
  const showStale = useStaleVersion();
  const path = meta.path!;
  const layoutField = layoutSections(meta, layoutOf(meta, record.recordTypeId), 'edit')
    .flatMap((s) => s.fields)
    .find((f) => f.field.name === path.field);
  const field = layoutField?.field ?? meta.fields.find((f) => f.name === path.field);
  const values = useDictValues(field?.dictType);
  const [choosing, setChoosing] = useState(false);
  const [saving, setSaving] = useState(false);
  if (!field || !values) return null;

  const current = record[field.name];
  const open = values.filter((v) => !path.closed.includes(v.dictValue));
  const closedChoices = values.filter((v) => path.closed.includes(v.dictValue) && !path.byAction.includes(v.dictValue));
  const closedNow = values.find((v) => v.dictValue === current && path.closed.includes(v.dictValue));
  const at = closedNow ? open.length : open.findIndex((v) => v.dictValue === current);
  const movable = canEdit && !!layoutField?.editable && !saving;

  const move = async (value: string) => {
    setChoosing(false);
    if (value === current) return;
    setSaving(true);
    try {
      const changes = await completeChange(rules, { [field.name]: value }, record);
      if (changes) onSaved(await updateRecord(module, { id: record.id, version: record.version, ...changes }));
    } catch (error) {
      if (isStaleVersion(error)) showStale(error as RequestError, onReload);
      else showError(error);
    } finally {
      setSaving(false);
    }
  };

  const items: StepsProps['items'] = [
    ...open.map((v, i) => ({ key: v.dictValue, title: v.dictLabel, status: (i < at ? 'finish' : i === at ? 'process' : 'wait') as 'finish' | 'process' | 'wait' })),
    {
      key: 'closed',
      title: closedNow?.dictLabel ?? t('crm.path.closed'),
      // Lost (or unqualified) reads as an end that went wrong; won (converted) as done.
      status: closedNow ? (closedNow.listClass === 'danger' ? 'error' : 'finish') : 'wait',
    },
  ];

  return (
    <div className="crm-stage-path" style={{ marginTop: 8 }} data-testid="stage-path">
      <Steps
        type="navigation"
        size="small"
        current={at < 0 ? undefined : at}
        items={items}
        onChange={movable ? (index) => (index < open.length ? void move(open[index]!.dictValue) : closedChoices.length === 1 ? void move(closedChoices[0]!.dictValue) : setChoosing(true)) : undefined}
      />
      <Modal open={choosing} title={t('crm.path.closeAs', { field: field.label })} footer={null} onCancel={() => setChoosing(false)} destroyOnHidden>
        <Space wrap data-testid="stage-path-close">
          {closedChoices.map((v) => (
            <Button key={v.dictValue} danger={v.listClass === 'danger'} type={v.listClass === 'danger' ? 'default' : 'primary'} onClick={() => void move(v.dictValue)}>
              {v.dictLabel}
            </Button>
          ))}
        </Space>
      </Modal>
    </div>
  );
}
