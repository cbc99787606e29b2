import { App, Button, Checkbox, Col, Drawer, Form, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DuplicateFound } from '@orbit/shared/contract/duplicates';
import type { CrmRecord, LookupLabels, ModuleMeta } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import { createRecord, updateRecord, type RecordValues } from '../../../../api/crm';
import { ASSIGNMENT_MODULES, USE_ASSIGNMENT_RULES_KEY } from '@orbit/shared/contract/automation';
import DialogForm from '../../../../components/admin/DialogForm';
import { SAVE_CANCELLED, useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { lazyWhenOpen } from '../../../../components/lazyWhenOpen';
import { useIsPhone } from '../../../../components/useIsPhone';
import { useReturnFocus } from '../../../../components/useReturnFocus';
import { useSession } from '../../../../store/session';
import { FieldDisplay } from '../fieldTypes/FieldDisplay';
import { FieldInput } from '../fieldTypes/FieldInput';
import { ModuleMetaContext } from '../ModuleMetaContext';
import { completeChange, useRecordWriteRules } from '../RecordWriteRulesContext';
import { layoutOf, recordName } from '../moduleMeta';
import DuplicateDialog from '../duplicates/DuplicateDialog';
import { duplicateFoundIn } from '../duplicates/duplicateFound';
import { useMergeLanding } from '../duplicates/useMergeLanding';
import { useModulePermissions } from '../useModulePermissions';
import { changedValues, createBody, layoutSections, newRecordValues } from './recordFormValues';
import { useFieldRule } from './useFieldRule';
import { isStaleVersion, useStaleVersion } from './useStaleVersion';
import { currencyOfRecord } from '../../../../utils/formatCurrency';

const MergeDialog = lazyWhenOpen(() => import('../duplicates/MergeDialog'), (p) => p.open);

/** A save a duplicate rule refused: what matched, and the same save again with the user's reason. */
type Refused = { found: DuplicateFound; retry: (reason: string) => Promise<number> };

/** A new record of a record type (chosen before), or a record to edit with the names its lookups point at. */
export type RecordFormTarget =
  /**
   * `values`: fields filled in beforehand (a task created from a record's timeline names that
   * record; a task due on the day picked in the calendar), named by `lookups`.
   */
  | { mode: 'create'; recordTypeId: number | null; values?: Record<string, FieldValue>; lookups?: LookupLabels }
  | { mode: 'edit'; record: CrmRecord; lookups: LookupLabels };

type Props = {
  module: CrmModule;
  meta: ModuleMeta;
  target: RecordFormTarget | null;
  onClose: () => void;
  onSaved: (id: number) => void;
  /** Fetches the record again (offered when someone else changed it meanwhile). */
  onReload?: () => void;
};

/**
 * Create / edit form drawn from the layout of the record's type: its sections and columns, the
 * layout's required and read-only marks, one input per field from the field-type registry, the
 * shared value checks (the server's messages), and the server's field errors put back on the
 * fields. An update sends the version it was based on and only the fields that changed.
 */
export default function RecordForm({ module, meta, target, onClose, onSaved, onReload }: Props) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const session = useSession();
  const [form] = Form.useForm<Record<string, unknown>>();
  // Amounts are typed in the currency the form has chosen for the record (issue 33).
  const formCurrency = Form.useWatch('currency', form) as string | undefined;
  const fieldRule = useFieldRule();
  const showStale = useStaleVersion();
  const rules = useRecordWriteRules();
  const { message } = App.useApp();
  const can = useModulePermissions(module);
  const [refused, setRefused] = useState<Refused | null>(null);
  /** The merge opened from the duplicate warning; `savedId`: the new record saved to be merged. */
  const [merge, setMerge] = useState<{ ids: number[]; savedId?: number } | null>(null);
  const land = useMergeLanding(module);

  const record = target?.mode === 'edit' ? target.record : null;
  // A new lead: "Assign using the assignment rules", on by default (the rules then decide its owner).
  const assignable = !record && (ASSIGNMENT_MODULES as readonly string[]).includes(module);
  const [useRules, setUseRules] = useState(true);
  const recordTypeId = target?.mode === 'create' ? target.recordTypeId : (record?.recordTypeId ?? null);
  const sections = target ? layoutSections(meta, layoutOf(meta, recordTypeId), target.mode) : [];
  const userId = session?.user.userId ?? 0;
  const lookups: LookupLabels = target?.mode === 'edit' ? target.lookups : { ...target?.lookups, user: { [userId]: session?.user.nickName ?? '' } };

  /** Sends a save; a duplicate rule's refusal opens the warning instead (the form stays open). */
  const saveOrAsk = async (send: (reason?: string) => Promise<number>): Promise<number | typeof SAVE_CANCELLED> => {
    try {
      return await send();
    } catch (error) {
      const found = duplicateFoundIn(error);
      if (!found) throw error;
      setRefused({ found, retry: send });
      return SAVE_CANCELLED;
    }
  };
  const save = async (values: Record<string, unknown>) => {
    try {
      if (record) {
        const changes = changedValues(sections, record, values);
        if (Object.keys(changes).length) {
          const completed = await completeChange(rules, changes, record);
          if (!completed) throw new Error('cancelled'); // the form stays open, as it was
          const update = { id: record.id, version: record.version, ...(completed as RecordValues) };
          const send = async (reason?: string) => (await updateRecord(module, update, reason ? { reason } : undefined), record.id);
          if ((await saveOrAsk(send)) === SAVE_CANCELLED) return SAVE_CANCELLED;
        }
        onSaved(record.id);
      } else {
        const completed = await completeChange(rules, createBody(sections, values, recordTypeId), null);
        if (!completed) throw new Error('cancelled');
        const body = assignable ? { ...(completed as RecordValues), [USE_ASSIGNMENT_RULES_KEY]: useRules } : (completed as RecordValues);
        const send = async (reason?: string) => (await createRecord(module, body, reason ? { reason } : undefined)).data;
        const id = await saveOrAsk(send);
        if (id === SAVE_CANCELLED) return SAVE_CANCELLED;
        onSaved(id);
      }
    } catch (error) {
      if (!isStaleVersion(error)) throw error;
      showStale(error, () => {
        onClose();
        onReload?.();
      });
      // Told already: useFormSubmit shows nothing for an error that is not a refused request.
      throw new Error(error.message, { cause: error });
    }
  };
  const { saving, submit } = useFormSubmit(form, save, onClose);

  const saveAnyway = async (reason: string) => {
    const id = await refused!.retry(reason);
    setRefused(null);
    void message.success(t('admin.saved'));
    onSaved(id);
    onClose();
  };
  /** Merges the record with a match: an edited one as it is, a new one once saved (with the reason). */
  const mergeWith = async (matchId: number, reason: string) => {
    const savedId = record ? undefined : await refused!.retry(reason);
    setRefused(null);
    setMerge({ ids: [record?.id ?? savedId!, matchId], savedId });
    onClose();
  };

  const typeLabel = meta.recordTypes.length > 1 ? meta.recordTypes.find((r) => r.id === recordTypeId)?.label : undefined;
  const title = record
    ? t('crm.form.editTitle', { name: recordName(meta, record) })
    : t('crm.form.createTitle', { record: t(`crm.record.${module}`) }) + (typeLabel ? ` · ${typeLabel}` : '');

  useReturnFocus(!!target);
  return (
    <>
    <DuplicateDialog found={refused?.found ?? null} canMerge={can.edit && can.remove && !!refused?.found.matches.length} onSaveAnyway={saveAnyway} onMerge={mergeWith} onClose={() => setRefused(null)} />
    <ModuleMetaContext.Provider value={meta}>
      <MergeDialog
        module={module}
        ids={merge?.ids ?? []}
        open={!!merge}
        onClose={() => {
          if (merge?.savedId) onSaved(merge.savedId);
          setMerge(null);
        }}
        onDone={() => undefined}
        onMerged={(survivorId) => {
          const mergedIds = merge?.ids.filter((id) => id !== survivorId) ?? [];
          setMerge(null);
          // Not onSaved: the host may be the page of a record that is now in the recycle bin.
          void land(survivorId, mergedIds);
        }}
      />
    </ModuleMetaContext.Provider>
    <Drawer
      open={!!target}
      title={title}
      // A phone: the form fills the screen.
      size={phone ? '100%' : 760}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          {assignable && (
            <Checkbox checked={useRules} onChange={(e) => setUseRules(e.target.checked)} data-testid="record-form-assign">
              {t('assignment.useRules')}
            </Checkbox>
          )}
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="record-form-save">
            {t('crm.form.save')}
          </Button>
        </Space>
      }
    >
      {target && (
        <ModuleMetaContext.Provider value={meta}>
          <DialogForm form={form} layout="vertical" initialValues={record ?? { ...newRecordValues(sections, userId), ...(target.mode === 'create' ? target.values : {}) }}
            onValuesChange={(changed: Record<string, unknown>) => {
              for (const [name, value] of Object.entries(changed)) {
                const filled = rules.fillOnChange?.(name, value);
                if (filled) form.setFieldsValue(filled);
              }
            }}
            data-testid="record-form"
          >
            {sections.map((section) => (
              <section key={section.key}>
                <Typography.Title level={5} className="crm-section-title">
                  {section.title}
                </Typography.Title>
                <Row gutter={16}>
                  {section.fields.map((f) => (
                    <Col key={f.field.name} xs={24} md={section.columns === 2 ? 12 : 24}>
                      {f.editable ? (
                        <Form.Item name={f.field.name} label={f.field.label} required={f.required} rules={[fieldRule(f)]} tooltip={f.field.help || undefined}>
                          <FieldInput field={f.field} lookups={lookups} currency={formCurrency} />
                        </Form.Item>
                      ) : (
                        <Form.Item label={f.field.label}>
                          <FieldDisplay field={f.field} value={record?.[f.field.name]} lookups={lookups} currency={currencyOfRecord(record)} />
                        </Form.Item>
                      )}
                    </Col>
                  ))}
                </Row>
              </section>
            ))}
          </DialogForm>
        </ModuleMetaContext.Provider>
      )}
    </Drawer>
    </>
  );
}
