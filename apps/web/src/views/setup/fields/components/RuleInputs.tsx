import { useQuery } from '@tanstack/react-query';
import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FilterNode } from '@orbit/shared/crm/filterTree';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { lookupUsers } from '../../../../api/crm';
import FilterBuilder from '../../../crm/engine/filter/FilterBuilder';
import { useModuleMeta } from '../../../crm/engine/useModuleMeta';

/** Inputs the rule editors share (workflow rules, assignment rules). */

/** The conditions as a form value: the list filters' own builder; "Apply" keeps the tree. */
export function ConditionsInput({ module, value, onChange }: { module: CrmModule; value?: FilterNode | null; onChange?: (v: FilterNode | null) => void }) {
  const { t } = useTranslation();
  const meta = useModuleMeta(module);
  if (!meta.data) return <Typography.Text type="secondary">{t('automation.loading')}</Typography.Text>;
  return (
    <>
      <Typography.Text type="secondary">{value ? t('automation.conditionsSet') : t('automation.conditionsNone')}</Typography.Text>
      <FilterBuilder meta={meta.data} value={value ?? null} onApply={(f) => onChange?.(f)} />
    </>
  );
}

/** Active users by name, for the task owner and notified users. */
export function UserSelect({ value, onChange, multiple, testId }: { value?: number | number[]; onChange?: (v: number | number[]) => void; multiple?: boolean; testId?: string }) {
  const users = useQuery({ queryKey: ['automation', 'users'], queryFn: async () => (await lookupUsers({ pageNum: 1, pageSize: 100 })).rows });
  return (
    <Select mode={multiple ? 'multiple' : undefined} showSearch optionFilterProp="label" value={value} onChange={onChange} loading={users.isLoading} style={{ minWidth: 220 }}
      options={(users.data ?? []).map((u) => ({ value: u.id, label: u.label }))} data-testid={testId ?? (multiple ? 'notify-users' : 'task-user')} />
  );
}

