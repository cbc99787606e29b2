import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ASSIGNMENT_TARGETS, type AssignmentModule, type AssignmentRule, type AssignmentRuleBody, type AssignmentTarget } from '@orbit/shared/contract/automation';
import type { FilterNode } from '@orbit/shared/crm/filterTree';
import { assignmentTargets, createAssignmentRule, updateAssignmentRule } from '../../../../api/automation';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { ConditionsInput, UserSelect } from './RuleInputs';
import { useOpeningValues } from './useOpeningValues';

type Draft = { name: string; active: boolean; conditions: FilterNode | null; target: AssignmentTarget; targetId?: number };
type Props = { module: AssignmentModule; target: { rule: AssignmentRule | null } | null; onClose: () => void; onSaved: () => Promise<void> };

/** Creates or edits an assignment entry: name, conditions (the list filters' builder), whom the records go to. */
export default function AssignmentRuleDialog({ module, target, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Draft>();
  const rule = target?.rule ?? null;
  const kind = Form.useWatch('target', form);
  const options = useQuery({ queryKey: ['setup', module, 'assignmentTargets'], queryFn: async () => (await assignmentTargets(module)).data, enabled: !!target });
  const initial: Draft = rule ? { name: rule.name, active: rule.active, conditions: rule.conditions, target: rule.target, targetId: rule.targetId } : { name: '', active: true, conditions: null, target: 'user' };
  const save = async (values: Draft) => {
    const body: AssignmentRuleBody = { name: values.name, active: values.active, conditions: form.getFieldValue('conditions') as FilterNode | null, target: values.target, targetId: values.targetId ?? 0 };
    if (rule) await updateAssignmentRule(module, rule.id, body);
    else await createAssignmentRule(module, body);
    await onSaved();
  };
  const { saving, submit } = useFormSubmit(form, save, onClose);
  useOpeningValues(form, !!target, initial);
  const list = kind === 'dept' ? options.data?.depts : options.data?.roles;
  return (
    <FormDialog open={!!target} title={rule ? t('assignment.editTitle', { name: rule.name }) : t('assignment.createTitle')} saving={saving} onSubmit={() => void submit()} onClose={onClose} width={820}>
      <DialogForm form={form} layout="vertical" initialValues={initial} data-testid="assignment-rule-dialog">
        <Form.Item name="name" label={t('assignment.name')} rules={[{ required: true, whitespace: true, max: 80 }]}>
          <Input data-testid="assignment-rule-name" />
        </Form.Item>
        <Form.Item name="conditions" label={t('assignment.conditions')}>
          <ConditionsInput module={module} />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="target" label={t('assignment.target')} rules={[{ required: true }]}>
            <Select style={{ width: 260 }} options={ASSIGNMENT_TARGETS.map((k) => ({ value: k, label: t(`assignment.target.${k}`) }))}
              onChange={() => form.setFieldValue('targetId', undefined)} data-testid="assignment-target" />
          </Form.Item>
          <Form.Item name="targetId" label={t(`assignment.targetOf.${kind ?? 'user'}`)} rules={[{ required: true, message: t(`assignment.targetOf.${kind ?? 'user'}`) }]}>
            {kind === 'user' || !kind ? (
              <UserSelect testId="assignment-target-user" />
            ) : (
              <Select style={{ minWidth: 220 }} showSearch optionFilterProp="label" loading={options.isLoading} options={(list ?? []).map((o) => ({ value: o.id, label: o.label }))} data-testid="assignment-target-group" />
            )}
          </Form.Item>
        </Space>
        <Form.Item name="active" label={t('assignment.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </DialogForm>
    </FormDialog>
  );
}
