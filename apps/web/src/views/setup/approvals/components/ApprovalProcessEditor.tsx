import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalProcessBody } from '@orbit/shared/contract/approvals';
import type { FieldMeta, ModuleMeta } from '@orbit/shared/contract/crm';
import { APPROVAL_ACTIONS_MAX, APPROVAL_NAME_MAX, APPROVAL_STEPS_MAX, APPROVER_KINDS, type ApprovalProcess, type ApproverKind } from '@orbit/shared/crm/approvals';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { FilterNode } from '@orbit/shared/crm/filterTree';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { createApprovalProcess, updateApprovalProcess } from '../../../../api/approvals';
import { listShareRecipients } from '../../../../api/sharing';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import LoadError from '../../../../components/admin/LoadError';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { dictSelectOptions, useDictValues } from '../../../../components/dict/useDict';
import FilterBuilder from '../../../crm/engine/filter/FilterBuilder';
import LookupSelect from '../../../crm/engine/LookupSelect';
import { ModuleMetaContext } from '../../../crm/engine/ModuleMetaContext';
import { useModuleMeta } from '../../../crm/engine/useModuleMeta';

type Action = { field?: string; value?: string };
type Values = {
  name: string;
  active: boolean;
  notify: boolean;
  whenField?: string | null;
  whenValue?: string | null;
  steps: Array<{ kind: ApproverKind; id?: number | null }>;
  onApprove: Action[];
  onReject: Action[];
};

const NUMERIC = new Set(['number', 'currency', 'percent']);

/** A final action's value as its field takes it: numbers as numbers, a checkbox as true/false, else the text (empty: cleared). */
export function actionValue(field: FieldMeta | undefined, text: string | undefined): string | number | boolean | null {
  const value = (text ?? '').trim();
  if (!value) return null;
  if (field && NUMERIC.has(field.type) && Number.isFinite(Number(value))) return Number(value);
  if (field?.type === 'checkbox') return value === 'true';
  return value;
}

/** The form's values as the API's body: entry conditions from the filter builder, numbers typed. */
export function toBody(values: Values, entryFilter: FilterNode | null, meta: ModuleMeta): ApprovalProcessBody {
  const byName = new Map(meta.fields.map((f) => [f.name, f]));
  const actions = (list: Action[] | undefined) =>
    (list ?? []).filter((a) => a.field).map((a) => ({ field: a.field!, value: actionValue(byName.get(a.field!), a.value) }));
  return {
    name: values.name ?? '',
    active: values.active ?? true,
    notify: values.notify ?? true,
    entryFilter,
    whenField: values.whenField || null,
    whenValue: values.whenField ? (values.whenValue ?? null) : null,
    // A step whose kind was never touched is the default one, the owner's manager.
    steps: (values.steps ?? []).map((s) => (!s?.kind || s.kind === 'manager' ? { kind: 'manager' as const } : { kind: s.kind, id: s.id ?? null })),
    onApprove: actions(values.onApprove),
    onReject: actions(values.onReject),
  };
}

const textOf = (value: FieldValue): string => (value === null || value === undefined ? '' : typeof value === 'object' ? '' : String(value));

/**
 * The editor of one approval process: its name, entry conditions (the list filters' builder), the
 * optional change it guards, its steps' approvers, final actions on approval and on rejection.
 */
export default function ApprovalProcessEditor({ module, process, onClose, onSaved }: { module: CrmModule; process: ApprovalProcess | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const meta = useModuleMeta(module);
  if (meta.data) {
    return (
      <ModuleMetaContext.Provider value={meta.data}>
        <EditorForm module={module} meta={meta.data} process={process} onClose={onClose} onSaved={onSaved} />
      </ModuleMetaContext.Provider>
    );
  }
  // The module's fields are still loading (or failed to): the dialog's frame with nothing to save yet.
  return (
    <FormDialog open width={820} title={process ? t('approval.setup.edit') : t('approval.setup.add')} onSubmit={() => undefined} onClose={onClose}>
      {meta.isError ? <LoadError onRetry={() => void meta.refetch()} /> : <Skeleton active />}
    </FormDialog>
  );
}

function EditorForm({ module, meta, process, onClose, onSaved }: { module: CrmModule; meta: ModuleMeta; process: ApprovalProcess | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [entryFilter, setEntryFilter] = useState<FilterNode | null>(process?.entryFilter ?? null);
  const [filterKey, setFilterKey] = useState(0);
  const picklists = meta.fields.filter((f) => f.type === 'picklist' && f.dictType);
  const settable = meta.fields.filter((f) => !f.readOnly && !f.formula && f.name !== 'recordTypeId');
  const whenField = Form.useWatch('whenField', form);
  const whenDict = picklists.find((f) => f.name === whenField)?.dictType ?? null;
  const whenValues = useDictValues(whenDict);
  const { saving, submit } = useFormSubmit(
    form,
    (values: Values) => {
      const body = toBody(values, entryFilter, meta);
      return process ? updateApprovalProcess(module, process.id, body) : createApprovalProcess(module, body);
    },
    () => {
      onSaved();
      onClose();
    },
    'approval.setup.saved',
  );
  const initial: Values = {
    name: process?.name ?? '',
    active: process?.active ?? true,
    notify: process?.notify ?? true,
    whenField: process?.whenField ?? null,
    whenValue: process?.whenValue ?? null,
    steps: process?.steps.map((s) => ({ kind: s.kind, id: s.id ?? null })) ?? [{ kind: 'manager' }],
    onApprove: process?.onApprove.map((a) => ({ field: a.field, value: textOf(a.value) })) ?? [],
    onReject: process?.onReject.map((a) => ({ field: a.field, value: textOf(a.value) })) ?? [],
  };
  const fieldOptions = (fields: FieldMeta[]) => fields.map((f) => ({ value: f.name, label: f.label }));

  const actionList = (name: 'onApprove' | 'onReject', label: string) => (
    <Form.List name={name}>
      {(items, { add, remove }) => (
        <Card size="small" title={label} style={{ marginBottom: 12 }} data-testid={`approval-${name}`}>
          {items.map((item) => (
            <Space key={item.key} align="baseline" wrap>
              <Form.Item name={[item.name, 'field']} style={{ minWidth: 200 }}>
                <Select showSearch optionFilterProp="label" options={fieldOptions(settable)} data-testid={`approval-${name}-field-${item.name}`} />
              </Form.Item>
              <Form.Item name={[item.name, 'value']}>
                <Input placeholder={t('approval.setup.value')} data-testid={`approval-${name}-value-${item.name}`} />
              </Form.Item>
              <Button type="text" icon={<DeleteOutlined />} aria-label={t('approval.setup.remove')} onClick={() => remove(item.name)} />
            </Space>
          ))}
          {items.length < APPROVAL_ACTIONS_MAX && (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} data-testid={`approval-${name}-add`}>
              {t('approval.setup.addAction')}
            </Button>
          )}
        </Card>
      )}
    </Form.List>
  );

  return (
    <FormDialog open width={820} title={process ? t('approval.setup.edit') : t('approval.setup.add')} saving={saving} onSubmit={() => void submit()} onClose={onClose}>
      <DialogForm form={form} layout="vertical" initialValues={initial} preserve data-testid="approval-editor">
        <Form.Item name="name" label={t('approval.setup.name')} required>
          <Input maxLength={APPROVAL_NAME_MAX} data-testid="approval-name" />
        </Form.Item>
        <Space size="large">
          <Form.Item name="active" label={t('approval.setup.active')} valuePropName="checked">
            <Switch data-testid="approval-active" />
          </Form.Item>
          <Form.Item name="notify" label={t('approval.setup.notify')} valuePropName="checked">
            <Switch data-testid="approval-notify" />
          </Form.Item>
        </Space>
        <Card
          size="small"
          title={t('approval.setup.entry')}
          extra={<Tag color={entryFilter ? 'blue' : 'default'} data-testid="approval-entry-state">{entryFilter ? t('approval.setup.entryApplied') : t('approval.setup.entryNone')}</Tag>}
          style={{ marginBottom: 12 }}
        >
          <FilterBuilder
            key={filterKey}
            meta={meta}
            value={entryFilter}
            onApply={(filter) => {
              setEntryFilter(filter);
              setFilterKey((k) => k + 1);
            }}
          />
        </Card>
        <Card size="small" title={t('approval.setup.when')} style={{ marginBottom: 12 }}>
          <Space wrap>
            <Form.Item name="whenField" label={t('approval.setup.whenField')}>
              <Select allowClear style={{ minWidth: 180 }} options={fieldOptions(picklists)} onChange={() => form.setFieldValue('whenValue', null)} data-testid="approval-when-field" />
            </Form.Item>
            <Form.Item name="whenValue" label={t('approval.setup.whenValue')}>
              <Select allowClear disabled={!whenField} style={{ minWidth: 180 }} options={dictSelectOptions(whenValues)} data-testid="approval-when-value" />
            </Form.Item>
          </Space>
        </Card>
        <Form.List name="steps">
          {(items, { add, remove }) => (
            <Card size="small" title={t('approval.setup.steps')} style={{ marginBottom: 12 }} data-testid="approval-steps">
              {items.map((item, i) => (
                <StepRow key={item.key} index={i} name={item.name} onRemove={items.length > 1 ? () => remove(item.name) : undefined} />
              ))}
              {items.length < APPROVAL_STEPS_MAX && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ kind: 'manager' })} data-testid="approval-add-step">
                  {t('approval.setup.addStep')}
                </Button>
              )}
            </Card>
          )}
        </Form.List>
        {actionList('onApprove', t('approval.setup.onApprove'))}
        {actionList('onReject', t('approval.setup.onReject'))}
      </DialogForm>
    </FormDialog>
  );
}

/** One step: who approves it — the owner's manager, a user, or every user of a role. */
function StepRow({ index, name, onRemove }: { index: number; name: number; onRemove?: () => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<Values>();
  const kind = Form.useWatch(['steps', name, 'kind'], form) as ApproverKind | undefined;
  return (
    <Space align="baseline" wrap data-testid={`approval-step-${index}`}>
      <Typography.Text strong>{t('approval.setup.step', { n: index + 1 })}</Typography.Text>
      <Form.Item name={[name, 'kind']} initialValue="manager" style={{ minWidth: 200 }}>
        <Select
          options={APPROVER_KINDS.map((k) => ({ value: k, label: t(`approval.setup.approver.${k}`) }))}
          onChange={() => form.setFieldValue(['steps', name, 'id'], null)}
          data-testid={`approval-step-kind-${index}`}
        />
      </Form.Item>
      {kind === 'user' && (
        <Form.Item name={[name, 'id']} style={{ minWidth: 220 }}>
          <LookupSelect target="user" />
        </Form.Item>
      )}
      {kind === 'role' && (
        <Form.Item name={[name, 'id']} style={{ minWidth: 220 }}>
          <RoleSelect />
        </Form.Item>
      )}
      {onRemove && <Button type="text" icon={<DeleteOutlined />} aria-label={t('approval.setup.remove')} onClick={onRemove} />}
    </Space>
  );
}

function RoleSelect({ value, onChange }: { value?: number | null; onChange?: (value: number) => void }) {
  const roles = useQuery({ queryKey: ['crm-sharing-recipients', 'role'], queryFn: async () => (await listShareRecipients('role')).data });
  return (
    <Select
      showSearch
      optionFilterProp="label"
      loading={roles.isLoading}
      value={value ?? undefined}
      onChange={onChange}
      options={(roles.data ?? []).map((o) => ({ value: o.id, label: o.label }))}
      data-testid="approval-step-role"
    />
  );
}
