import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RULE_RECIPIENTS, type RuleRecipient, type SharingRule, type SharingRuleBody } from '@orbit/shared/contract/sharing';
import type { FilterNode } from '@orbit/shared/crm/filterTree';
import { CRM_MODULES, type CrmModule } from '@orbit/shared/crm/modules';
import { createSharingRule, listShareRecipients, updateSharingRule } from '../../../../api/sharing';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import FilterBuilder from '../../../crm/engine/filter/FilterBuilder';
import { useModuleMeta } from '../../../crm/engine/useModuleMeta';
import { useOpeningValues } from '../../fields/components/useOpeningValues';

type Draft = { name: string; module: CrmModule; filter: FilterNode | null; recipientKind: RuleRecipient; recipientId?: number | null; canWrite: boolean };

const toDraft = (rule: SharingRule | null): Draft =>
  rule
    ? { name: rule.name, module: rule.module, filter: rule.filter, recipientKind: rule.recipientKind, recipientId: rule.recipientId, canWrite: rule.canWrite }
    : { name: '', module: 'leads', filter: null, recipientKind: 'role', recipientId: null, canWrite: false };

/** The rule's filter as a form value: the list filters' own builder (its "Apply" keeps the tree). */
function FilterInput({ module, value, onChange }: { module: CrmModule; value?: FilterNode | null; onChange?: (v: FilterNode | null) => void }) {
  const { t } = useTranslation();
  const meta = useModuleMeta(module);
  if (!meta.data) return <Typography.Text type="secondary">{t('sharing.rules.loading')}</Typography.Text>;
  return (
    <>
      <Typography.Text type="secondary" data-testid="rule-filter-state">{value ? t('sharing.rules.filterSet') : t('sharing.rules.filterNone')}</Typography.Text>
      {/* A new module is a new builder: its fields are not the old one's. */}
      <FilterBuilder key={module} meta={meta.data} value={value ?? null} onApply={(f) => onChange?.(f)} />
    </>
  );
}

function RecipientSelect({ kind, value, onChange }: { kind: RuleRecipient; value?: number | null; onChange?: (value: number) => void }) {
  const options = useQuery({ queryKey: ['crm-sharing-recipients', kind], queryFn: async () => (await listShareRecipients(kind)).data });
  return (
    <Select
      showSearch
      optionFilterProp="label"
      style={{ minWidth: 220 }}
      loading={options.isLoading}
      value={value ?? undefined}
      onChange={onChange}
      options={(options.data ?? []).map((o) => ({ value: o.id, label: o.label }))}
      data-testid={`rule-recipient-${kind}`}
    />
  );
}

type Props = { target: { rule: SharingRule | null } | null; onClose: () => void; onSaved: () => Promise<void> };

/** Creates or edits a sharing rule: its module, the filter its records match, who they are shared with and how. */
export default function SharingRuleDialog({ target, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Draft>();
  const rule = target?.rule ?? null;
  const module = (Form.useWatch('module', form) ?? 'leads') as CrmModule;
  const kind = (Form.useWatch('recipientKind', form) ?? 'role') as RuleRecipient;
  const initial = toDraft(rule);
  useOpeningValues(form, !!target, initial);
  const save = async (values: Draft) => {
    const body: SharingRuleBody = {
      name: values.name,
      module: values.module,
      filter: (form.getFieldValue('filter') as FilterNode | null) ?? { and: [] },
      recipientKind: values.recipientKind,
      recipientId: values.recipientId!,
      canWrite: !!values.canWrite,
    };
    if (rule) await updateSharingRule(rule.id, body);
    else await createSharingRule(body);
    await onSaved();
  };
  const { saving, submit } = useFormSubmit(form, save, onClose);
  return (
    <FormDialog open={!!target} title={rule ? t('sharing.rules.edit') : t('sharing.rules.add')} saving={saving} onSubmit={() => void submit()} onClose={onClose} width={820}>
      <DialogForm form={form} layout="vertical" initialValues={initial} data-testid="sharing-rule-dialog">
        <Form.Item name="name" label={t('sharing.rules.name')} rules={[{ required: true, whitespace: true, max: 100, message: t('server.validation.required', { field: t('sharing.rules.name') }) }]}>
          <Input data-testid="rule-name" />
        </Form.Item>
        <Form.Item name="module" label={t('sharing.rules.module')}>
          <Select
            style={{ width: 220 }}
            options={CRM_MODULES.map((m) => ({ value: m, label: t(`crm.module.${m}`) }))}
            onChange={() => form.setFieldValue('filter', null)}
            data-testid="rule-module"
          />
        </Form.Item>
        <Form.Item name="filter" label={t('sharing.rules.filter')}>
          <FilterInput module={module} />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="recipientKind" label={t('sharing.rules.recipient')}>
            <Select
              style={{ width: 200 }}
              options={RULE_RECIPIENTS.map((k) => ({ value: k, label: t(`sharing.recipient.${k}`) }))}
              onChange={() => form.setFieldValue('recipientId', null)}
              data-testid="rule-kind"
            />
          </Form.Item>
          <Form.Item name="recipientId" label=" " required rules={[{ required: true, message: t('server.validation.required', { field: t('sharing.rules.recipient') }) }]}>
            <RecipientSelect kind={kind} />
          </Form.Item>
        </Space>
        <Form.Item name="canWrite" valuePropName="checked">
          <Checkbox data-testid="rule-can-write">{t('sharing.panel.canWrite')}</Checkbox>
        </Form.Item>
      </DialogForm>
    </FormDialog>
  );
}
