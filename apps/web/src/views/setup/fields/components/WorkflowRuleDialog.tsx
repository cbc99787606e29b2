import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ASSIGNMENT_MODULES, type WorkflowAction, type WorkflowRule, type WorkflowRuleBody, type WorkflowTrigger } from '@orbit/shared/contract/automation';
import { EMAIL_MODULES } from '@orbit/shared/crm/email';
import type { FieldMeta } from '@orbit/shared/contract/crm';
import type { SetupModule } from '@orbit/shared/contract/setup';
import type { FilterNode } from '@orbit/shared/crm/filterTree';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { createWorkflowRule, listWebhooks, updateWorkflowRule } from '../../../../api/automation';
import { listEmailTemplates } from '../../../../api/crmEmail';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { FieldInput } from '../../../crm/engine/fieldTypes/FieldInput';
import { useModuleMeta } from '../../../crm/engine/useModuleMeta';
import { useOpeningValues } from './useOpeningValues';
import { ConditionsInput, UserSelect } from './RuleInputs';

/** An action as the form edits it: a set-fields action one field at a time (sent as `values`). */
type ActionDraft = {
  kind: WorkflowAction['kind'];
  field?: string;
  value?: unknown;
  subject?: string;
  owner?: 'recordOwner' | 'user';
  userId?: number;
  dueInDays?: number;
  userIds?: number[];
  message?: string;
  webhookId?: number;
  templateId?: number;
  to?: 'record' | 'owner';
};
type Draft = { name: string; active: boolean; retrigger: boolean; triggerKind: WorkflowTrigger['kind']; triggerField?: string; triggerValue?: unknown; offsetDays?: number; conditions: FilterNode | null; actions: ActionDraft[] };
const ACTION_KINDS: Array<WorkflowAction['kind']> = ['setFields', 'createTask', 'notify', 'callWebhook', 'sendEmail', 'assign'];
/** Modules whose records a rule may mail (the e-mail modules), and those that have assignment rules. */
const MAIL_MODULES = new Set<CrmModule>(EMAIL_MODULES);
const PERSON_MODULES = new Set<CrmModule>(['leads', 'contact']);
const TRIGGER_KINDS: Array<WorkflowTrigger['kind']> = ['created', 'updated', 'fieldChanged', 'dateReached'];

function toDraft(rule: WorkflowRule | null): Draft {
  if (!rule) return { name: '', active: true, retrigger: false, triggerKind: 'created', conditions: null, actions: [{ kind: 'createTask', owner: 'recordOwner', dueInDays: 1 }] };
  const t = rule.trigger;
  return {
    name: rule.name,
    active: rule.active,
    retrigger: rule.retrigger,
    triggerKind: t.kind,
    triggerField: t.kind === 'fieldChanged' || t.kind === 'dateReached' ? t.field : undefined,
    triggerValue: t.kind === 'fieldChanged' ? t.value : undefined,
    offsetDays: t.kind === 'dateReached' ? t.offsetDays : undefined,
    conditions: rule.conditions,
    actions: rule.actions.map((a): ActionDraft => (a.kind === 'setFields' ? { kind: 'setFields', field: Object.keys(a.values)[0], value: Object.values(a.values)[0] } : { ...a })),
  };
}

/** A "changed to" value the trigger keeps: one text, number or yes/no (empty: any change). */
const isTriggerValue = (value: unknown): value is string | number | boolean =>
  (typeof value === 'string' && value.trim() !== '') || typeof value === 'number' || typeof value === 'boolean';

function toBody(d: Draft): WorkflowRuleBody {
  const trigger: WorkflowTrigger =
    d.triggerKind === 'fieldChanged'
      ? { kind: 'fieldChanged', field: d.triggerField ?? '', ...(isTriggerValue(d.triggerValue) ? { value: d.triggerValue } : {}) }
      : d.triggerKind === 'dateReached'
        ? { kind: 'dateReached', field: d.triggerField ?? '', offsetDays: d.offsetDays ?? 0 }
        : { kind: d.triggerKind };
  const actions = d.actions.map((a): WorkflowAction => {
    if (a.kind === 'setFields') return { kind: 'setFields', values: a.field ? { [a.field]: a.value ?? null } : {} };
    if (a.kind === 'createTask') return { kind: 'createTask', subject: a.subject ?? '', owner: a.owner ?? 'recordOwner', ...(a.owner === 'user' && a.userId ? { userId: a.userId } : {}), dueInDays: a.dueInDays ?? 0 };
    if (a.kind === 'notify') return { kind: 'notify', userIds: a.userIds ?? [], message: a.message ?? '' };
    if (a.kind === 'assign') return { kind: 'assign' };
    if (a.kind === 'sendEmail') return { kind: 'sendEmail', templateId: a.templateId ?? 0, to: a.to ?? 'record' };
    return { kind: 'callWebhook', webhookId: a.webhookId ?? 0 };
  });
  return { name: d.name, active: d.active, retrigger: d.retrigger, trigger, conditions: d.conditions, actions };
}

const metaFieldOf = (meta: { fields: FieldMeta[] } | undefined, name?: string): FieldMeta | undefined => meta?.fields.find((f) => f.name === name);

type Props = { module: CrmModule; data: SetupModule; target: { rule: WorkflowRule | null } | null; onClose: () => void; onSaved: () => Promise<void> };

/** Creates or edits a workflow rule: name, trigger, conditions (filter builder), ordered actions, retrigger. */
export default function WorkflowRuleDialog({ module, data, target, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Draft>();
  const rule = target?.rule ?? null;
  const meta = useModuleMeta(module, !!target);
  const webhooks = useQuery({ queryKey: ['automation', 'webhooks'], queryFn: async () => (await listWebhooks()).data, enabled: !!target, retry: false });
  const templates = useQuery({ queryKey: ['automation', 'emailTemplates'], queryFn: async () => (await listEmailTemplates()).data, enabled: !!target && MAIL_MODULES.has(module), retry: false });
  // Only the kinds this module can run: mail from the e-mail modules, assignment where it has rules.
  const kinds = ACTION_KINDS.filter((k) => (k !== 'sendEmail' || MAIL_MODULES.has(module)) && (k !== 'assign' || (ASSIGNMENT_MODULES as readonly string[]).includes(module)));
  const triggerKind = Form.useWatch('triggerKind', form);
  const triggerField = metaFieldOf(meta.data, Form.useWatch('triggerField', form) as string | undefined);
  const actions = (Form.useWatch('actions', form) ?? []) as ActionDraft[];
  const settable = data.fields.filter((f) => !f.readOnly && !f.formula && !f.rollup && (!f.system || f.name === 'ownerId'));
  const dates = data.fields.filter((f) => f.type === 'date' || f.type === 'datetime');
  const metaField = (name?: string) => metaFieldOf(meta.data, name);
  const save = async (values: Draft) => {
    const body = toBody({ ...values, conditions: form.getFieldValue('conditions') as FilterNode | null });
    if (rule) await updateWorkflowRule(module, rule.id, body);
    else await createWorkflowRule(module, body);
    await onSaved();
  };
  const { saving, submit } = useFormSubmit(form, save, onClose);
  const initial = toDraft(rule);
  useOpeningValues(form, !!target, initial);
  const fieldOptions = (fields: Array<{ name: string; label: string }>) => fields.map((f) => ({ value: f.name, label: f.label }));
  return (
    <FormDialog open={!!target} title={rule ? t('automation.editTitle', { name: rule.name }) : t('automation.createTitle')} saving={saving} onSubmit={() => void submit()} onClose={onClose} width={820}>
      <DialogForm form={form} layout="vertical" initialValues={initial} preserve data-testid="workflow-rule-dialog">
        <Form.Item name="name" label={t('automation.name')} rules={[{ required: true, whitespace: true, max: 80 }]}>
          <Input data-testid="workflow-rule-name" />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="triggerKind" label={t('automation.trigger')} rules={[{ required: true }]}>
            <Select style={{ width: 220 }} options={TRIGGER_KINDS.map((k) => ({ value: k, label: t(`automation.trigger.${k}`) }))} data-testid="workflow-trigger" />
          </Form.Item>
          {(triggerKind === 'fieldChanged' || triggerKind === 'dateReached') && (
            <Form.Item name="triggerField" label={t('automation.field')} rules={[{ required: true, message: t('automation.field') }]}>
              <Select style={{ width: 220 }} showSearch optionFilterProp="label" options={fieldOptions(triggerKind === 'dateReached' ? dates : data.fields)} data-testid="workflow-trigger-field"
                onChange={() => form.setFieldValue('triggerValue', undefined)} />
            </Form.Item>
          )}
          {triggerKind === 'fieldChanged' && (
            <Form.Item name="triggerValue" label={t('automation.toValue')} extra={t('automation.anyValue')} style={{ minWidth: 200 }}>
              {/* The field's own input (a picklist's values, a date picker…); one value, so a multi-picklist is typed. */}
              {triggerField && triggerField.type !== 'multipicklist' ? <FieldInput field={triggerField} /> : <Input style={{ width: 200 }} />}
            </Form.Item>
          )}
          {triggerKind === 'dateReached' && (
            <Form.Item name="offsetDays" label={t('automation.offsetDays')} rules={[{ required: true }]}>
              <InputNumber min={-365} max={365} />
            </Form.Item>
          )}
        </Space>
        <Form.Item name="conditions" label={t('automation.conditions')}>
          <ConditionsInput module={module} />
        </Form.Item>
        <Form.List name="actions">
          {(items, { add, remove }) => (
            <Form.Item label={t('automation.actions')} required>
              {items.map((item, index) => {
                const kind = actions[index]?.kind;
                const owner = actions[index]?.owner;
                const target = metaField(actions[index]?.field);
                return (
                  <Card key={item.key} size="small" style={{ marginBottom: 8 }} data-testid={`workflow-action-${index}`}
                    title={`${index + 1}.`} extra={items.length > 1 && <MinusCircleOutlined onClick={() => remove(item.name)} aria-label={t('common.delete')} />}>
                    <Space wrap align="start">
                      <Form.Item name={[item.name, 'kind']} rules={[{ required: true }]}>
                        <Select style={{ width: 200 }} options={kinds.map((k) => ({ value: k, label: t(`automation.action.${k}`) }))} data-testid={`workflow-action-kind-${index}`} />
                      </Form.Item>
                      {kind === 'setFields' && (
                        <>
                          <Form.Item name={[item.name, 'field']} rules={[{ required: true, message: t('automation.field') }]}>
                            <Select style={{ width: 200 }} placeholder={t('automation.field')} showSearch optionFilterProp="label" options={fieldOptions(settable)} data-testid={`workflow-action-field-${index}`} />
                          </Form.Item>
                          {target && (
                            <Form.Item name={[item.name, 'value']} style={{ minWidth: 200 }}>
                              <FieldInput field={target} />
                            </Form.Item>
                          )}
                        </>
                      )}
                      {kind === 'createTask' && (
                        <>
                          <Form.Item name={[item.name, 'subject']} rules={[{ required: true, whitespace: true, message: t('automation.subject') }]}>
                            <Input placeholder={t('automation.subject')} style={{ width: 240 }} data-testid={`workflow-task-subject-${index}`} />
                          </Form.Item>
                          <Form.Item name={[item.name, 'owner']} initialValue="recordOwner">
                            <Select style={{ width: 180 }} options={[{ value: 'recordOwner', label: t('automation.owner.recordOwner') }, { value: 'user', label: t('automation.owner.user') }]} />
                          </Form.Item>
                          {owner === 'user' && (
                            <Form.Item name={[item.name, 'userId']} rules={[{ required: true, message: t('automation.owner.user') }]}>
                              <UserSelect />
                            </Form.Item>
                          )}
                          {/* Its label inside the input: a Form.Item label would lower it below its row's other inputs. */}
                          <Form.Item name={[item.name, 'dueInDays']} initialValue={1}>
                            <InputNumber min={0} max={365} addonBefore={t('automation.dueInDays')} style={{ width: 190 }} data-testid={`workflow-task-due-${index}`} />
                          </Form.Item>
                        </>
                      )}
                      {kind === 'notify' && (
                        <>
                          <Form.Item name={[item.name, 'userIds']} rules={[{ required: true, message: t('automation.users') }]}>
                            <UserSelect multiple />
                          </Form.Item>
                          <Form.Item name={[item.name, 'message']} rules={[{ required: true, whitespace: true, message: t('automation.message') }]}>
                            <Input placeholder={t('automation.message')} style={{ width: 260 }} />
                          </Form.Item>
                        </>
                      )}
                      {kind === 'sendEmail' && (
                        <>
                          <Form.Item name={[item.name, 'templateId']} rules={[{ required: true, message: t('automation.template') }]}>
                            <Select style={{ width: 260 }} placeholder={t('automation.template')} showSearch optionFilterProp="label" loading={templates.isLoading}
                              options={(templates.data ?? []).map((tpl) => ({ value: tpl.templateId, label: tpl.name }))} data-testid={`workflow-email-template-${index}`} />
                          </Form.Item>
                          <Form.Item name={[item.name, 'to']} initialValue={PERSON_MODULES.has(module) ? 'record' : 'owner'}>
                            <Select style={{ width: 220 }} data-testid={`workflow-email-to-${index}`}
                              options={[...(PERSON_MODULES.has(module) ? [{ value: 'record', label: t('automation.mailTo.record') }] : []), { value: 'owner', label: t('automation.mailTo.owner') }]} />
                          </Form.Item>
                        </>
                      )}
                      {kind === 'assign' && <Typography.Text type="secondary">{t('automation.assignHelp')}</Typography.Text>}
                      {kind === 'callWebhook' && (
                        <Form.Item name={[item.name, 'webhookId']} rules={[{ required: true, message: t('automation.webhook') }]}>
                          <Select style={{ width: 260 }} placeholder={t('automation.webhook')} options={(webhooks.data ?? []).map((w) => ({ value: w.id, label: `${w.name} (${w.url})` }))} />
                        </Form.Item>
                      )}
                    </Space>
                  </Card>
                );
              })}
              {items.length < 10 && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ kind: 'createTask', owner: 'recordOwner', dueInDays: 1 })} data-testid="add-workflow-action">
                  {t('automation.addAction')}
                </Button>
              )}
            </Form.Item>
          )}
        </Form.List>
        <Space size="large">
          <Form.Item name="active" label={t('automation.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="retrigger" label={t('automation.retrigger')} valuePropName="checked" tooltip={t('automation.retriggerHelp')}>
            <Switch />
          </Form.Item>
        </Space>
      </DialogForm>
    </FormDialog>
  );
}
