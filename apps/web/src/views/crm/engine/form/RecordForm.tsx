import { Button, Col, Drawer, Form, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrmRecord, LookupLabels, ModuleMeta } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { createRecord, updateRecord, type RecordValues } from '../../../../api/crm';
import DialogForm from '../../../../components/admin/DialogForm';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { useReturnFocus } from '../../../../components/useReturnFocus';
import { useSession } from '../../../../store/session';
import { FieldDisplay } from '../fieldTypes/FieldDisplay';
import { FieldInput } from '../fieldTypes/FieldInput';
import { ModuleMetaContext } from '../ModuleMetaContext';
import { completeChange, useRecordWriteRules } from '../RecordWriteRulesContext';
import { layoutOf, recordName } from '../moduleMeta';
import { changedValues, createBody, layoutSections, newRecordValues } from './recordFormValues';
import { useFieldRule } from './useFieldRule';
import { isStaleVersion, useStaleVersion } from './useStaleVersion';

/** A new record of a record type (chosen before), or a record to edit with the names its lookups point at. */
export type RecordFormTarget = { mode: 'create'; recordTypeId: number | null } | { mode: 'edit'; record: CrmRecord; lookups: LookupLabels };

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
  const session = useSession();
  const [form] = Form.useForm<Record<string, unknown>>();
  const fieldRule = useFieldRule();
  const showStale = useStaleVersion();
  const rules = useRecordWriteRules();

  const record = target?.mode === 'edit' ? target.record : null;
  const recordTypeId = target?.mode === 'create' ? target.recordTypeId : (record?.recordTypeId ?? null);
  const sections = target ? layoutSections(meta, layoutOf(meta, recordTypeId), target.mode) : [];
  const userId = session?.user.userId ?? 0;
  const lookups: LookupLabels = target?.mode === 'edit' ? target.lookups : { user: { [userId]: session?.user.nickName ?? '' } };

  const save = async (values: Record<string, unknown>) => {
    try {
      if (record) {
        const changes = changedValues(sections, record, values);
        if (Object.keys(changes).length) {
          const completed = await completeChange(rules, changes, record);
          if (!completed) throw new Error('cancelled'); // the form stays open, as it was
          await updateRecord(module, { id: record.id, version: record.version, ...(completed as RecordValues) });
        }
        onSaved(record.id);
      } else {
        const completed = await completeChange(rules, createBody(sections, values, recordTypeId), null);
        if (!completed) throw new Error('cancelled');
        onSaved((await createRecord(module, completed as RecordValues)).data);
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

  const typeLabel = meta.recordTypes.length > 1 ? meta.recordTypes.find((r) => r.id === recordTypeId)?.label : undefined;
  const title = record
    ? t('crm.form.editTitle', { name: recordName(meta, record) })
    : t('crm.form.createTitle', { record: t(`crm.record.${module}`) }) + (typeLabel ? ` · ${typeLabel}` : '');

  useReturnFocus(!!target);
  return (
    <Drawer
      open={!!target}
      title={title}
      size={760}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="record-form-save">
            {t('crm.form.save')}
          </Button>
        </Space>
      }
    >
      {target && (
        <ModuleMetaContext.Provider value={meta}>
          <DialogForm form={form} layout="vertical" initialValues={record ?? newRecordValues(sections, userId)}
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
                          <FieldInput field={f.field} lookups={lookups} />
                        </Form.Item>
                      ) : (
                        <Form.Item label={f.field.label}>
                          <FieldDisplay field={f.field} value={record?.[f.field.name]} lookups={lookups} />
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
  );
}
