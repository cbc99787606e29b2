import { DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DUPLICATE_ACTIONS, DUPLICATE_MATCHES, DUPLICATE_MATCH_TYPES, FUZZY_DEFAULT_THRESHOLD, type DuplicateRule, type DuplicateRuleBody } from '@orbit/shared/contract/duplicates';
import type { SetupModule } from '@orbit/shared/contract/setup';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { createDuplicateRule, deleteDuplicateRule, listDuplicateRules, updateDuplicateRule } from '../../../../api/setup';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import LoadError from '../../../../components/admin/LoadError';
import { useConfirm } from '../../../../components/admin/useConfirm';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { EditRowButton, SetupTabHeader } from './SetupTabParts';
import { useOpeningValues } from './useOpeningValues';
import type { useSetupModule } from './useSetupModule';

type Props = { module: CrmModule; data: SetupModule; setup: ReturnType<typeof useSetupModule> };
const COMPARABLE = new Set(Object.values(DUPLICATE_MATCH_TYPES).flat());

/**
 * The module's duplicate rules (docs/records-engine.md, "Duplicates and merge"): each with its
 * conditions (field + kind of match, all must hold) and whether a match warns or blocks; built-in
 * rules can be changed and switched off, the administrator's also deleted.
 */
export default function DuplicateRulesTab({ module, data, setup }: Props) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const key = ['setup', module, 'duplicateRules', i18n.language];
  const rules = useQuery({ queryKey: key, queryFn: async () => (await listDuplicateRules(module)).data });
  const [dialog, setDialog] = useState<{ rule: DuplicateRule | null } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['setup', module, 'duplicateRules'] });
  const label = (name: string) => data.fields.find((f) => f.name === name)?.label ?? name;

  if (rules.isError) return <LoadError onRetry={() => void rules.refetch()} />;
  return (
    <>
      <SetupTabHeader help={t('setup.duplicate.help')} newLabel={t('setup.duplicate.new')} canAdd={setup.can.add} onNew={() => setDialog({ rule: null })} testId="new-duplicate-rule" />
      <Table<DuplicateRule>
        size="small"
        rowKey="id"
        loading={rules.isLoading}
        dataSource={rules.data ?? []}
        pagination={false}
        data-testid="duplicate-rule-table"
        columns={[
          { title: t('setup.duplicate.name'), dataIndex: 'name', render: (name: string, r) => (<>{name}{r.builtIn && <Tag style={{ marginLeft: 8 }}>{t('setup.duplicate.builtIn')}</Tag>}</>) },
          {
            title: t('setup.duplicate.conditions'),
            key: 'conditions',
            render: (_, r) => r.conditions.map((c) => `${label(c.field)}: ${t(`setup.duplicate.match.${c.match}`)}`).join(' + '),
          },
          { title: t('setup.duplicate.action'), dataIndex: 'action', render: (action: string) => <Tag color={action === 'block' ? 'red' : 'orange'}>{t(`setup.duplicate.action.${action}`)}</Tag> },
          { title: t('setup.duplicate.active'), dataIndex: 'active', render: (active: boolean) => (active ? <Tag color="green">{t('setup.duplicate.active')}</Tag> : <Tag>—</Tag>) },
          {
            title: '',
            key: 'actions',
            width: 90,
            render: (_, r) => (
              <Space size={0}>
                {setup.can.edit && <EditRowButton name={r.name} onClick={() => setDialog({ rule: r })} testId={`edit-duplicate-rule-${r.id}`} />}
                {setup.can.remove && !r.builtIn && (
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('setup.duplicate.delete')}
                    onClick={() => confirm(t('setup.duplicate.confirmDelete', { name: r.name }), async () => { await deleteDuplicateRule(module, r.id); await refresh(); })} />
                )}
              </Space>
            ),
          },
        ]}
      />
      <RuleDialog module={module} data={data} target={dialog} onClose={() => setDialog(null)} onSaved={refresh} />
    </>
  );
}

function RuleDialog({ module, data, target, onClose, onSaved }: { module: CrmModule; data: SetupModule; target: { rule: DuplicateRule | null } | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DuplicateRuleBody>();
  const rule = target?.rule ?? null;
  const fields = data.fields.filter((f) => COMPARABLE.has(f.type) && !f.system);
  const conditions = Form.useWatch('conditions', form) ?? [];
  const save = async (values: DuplicateRuleBody) => {
    if (rule) await updateDuplicateRule(module, rule.id, values);
    else await createDuplicateRule(module, values);
    await onSaved();
  };
  const { saving, submit } = useFormSubmit(form, save, onClose);
  const initial: Partial<DuplicateRuleBody> = rule
    ? { name: rule.name, conditions: rule.conditions, action: rule.action, threshold: rule.threshold, active: rule.active }
    : { conditions: [{ field: '', match: 'caseInsensitive' }] as DuplicateRuleBody['conditions'], action: 'warn', threshold: FUZZY_DEFAULT_THRESHOLD, active: true };
  useOpeningValues(form, !!target, initial);
  return (
    <FormDialog open={!!target} title={rule ? t('setup.duplicate.editTitle', { name: rule.name }) : t('setup.duplicate.createTitle')} saving={saving} onSubmit={() => void submit()} onClose={onClose} width={640}>
      <DialogForm form={form} layout="vertical" initialValues={initial} preserve data-testid="duplicate-rule-dialog">
        <Form.Item name="name" label={t('setup.duplicate.name')} rules={[{ required: true, whitespace: true, max: 60 }]}>
          <Input data-testid="duplicate-rule-name" />
        </Form.Item>
        <Form.List name="conditions">
          {(items, { add, remove }) => (
            <Form.Item label={t('setup.duplicate.conditions')} required>
              {items.map((item, index) => {
                const type = fields.find((f) => f.name === conditions[index]?.field)?.type;
                return (
                  <Space key={item.key} align="baseline" style={{ display: 'flex' }}>
                    <Form.Item name={[item.name, 'field']} rules={[{ required: true, message: t('setup.duplicate.field') }]} style={{ width: 220 }}>
                      <Select placeholder={t('setup.duplicate.field')} options={fields.map((f) => ({ value: f.name, label: f.label }))} showSearch optionFilterProp="label" />
                    </Form.Item>
                    <Form.Item name={[item.name, 'match']} rules={[{ required: true }]} style={{ width: 240 }}>
                      <Select
                        placeholder={t('setup.duplicate.matchKind')}
                        options={DUPLICATE_MATCHES.filter((m) => !type || DUPLICATE_MATCH_TYPES[m].includes(type)).map((m) => ({ value: m, label: t(`setup.duplicate.match.${m}`) }))}
                      />
                    </Form.Item>
                    {items.length > 1 && <MinusCircleOutlined onClick={() => remove(item.name)} aria-label={t('common.delete')} />}
                  </Space>
                );
              })}
              {items.length < 5 && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ match: 'caseInsensitive' })}>
                  {t('setup.duplicate.addCondition')}
                </Button>
              )}
            </Form.Item>
          )}
        </Form.List>
        <Form.Item name="action" label={t('setup.duplicate.action')} rules={[{ required: true }]}>
          <Select options={DUPLICATE_ACTIONS.map((a) => ({ value: a, label: t(`setup.duplicate.action.${a}`) }))} data-testid="duplicate-rule-action" />
        </Form.Item>
        <Space size="large">
          <Form.Item name="threshold" label={t('setup.duplicate.threshold')}>
            <InputNumber min={0.3} max={1} step={0.05} />
          </Form.Item>
          <Form.Item name="active" label={t('setup.duplicate.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </DialogForm>
    </FormDialog>
  );
}
