import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModuleMeta } from '@orbit/shared/contract/crm';
import { FILTER_MAX_CONDITIONS, type FilterNode } from '@orbit/shared/crm/filterTree';
import { fieldTypeView } from '../fieldTypes/registry';
import FilterGroup from './FilterGroup';
import { countConditions, emptyCondition, toDraft, toFilter, type GroupDraft } from './filterDraft';

type Props = {
  meta: ModuleMeta;
  /** The filter in force; the builder starts from it (remount it with a `key` to start again). */
  value: FilterNode | null;
  onApply: (filter: FilterNode | null) => void;
};

/**
 * Builds a list's filter: AND / OR / NOT groups of conditions on the module's filterable fields,
 * each with the operators of its type (OPERATORS_BY_TYPE) and its type's value widget. The tree
 * it applies is the shared filter grammar, sent as the list's `filter` parameter.
 */
export default function FilterBuilder({ meta, value, onApply }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<GroupDraft>(() => {
    const start = toDraft(value);
    return start.items.length ? start : { ...start, items: [emptyCondition()] };
  });
  const fields = meta.fields.filter((f) => f.filterable && (fieldTypeView(f.type).canFilter?.(f) ?? true));
  return (
    <div className="crm-filter-builder" data-testid="filter-builder">
      <FilterGroup fields={fields} group={draft} depth={1} full={countConditions(draft) >= FILTER_MAX_CONDITIONS} onChange={setDraft} />
      <Space style={{ marginTop: 12 }}>
        <Button type="primary" onClick={() => onApply(toFilter(draft))} data-testid="filter-apply">
          {t('crm.filter.apply')}
        </Button>
        <Button
          onClick={() => {
            setDraft({ ...toDraft(null), items: [emptyCondition()] });
            onApply(null);
          }}
        >
          {t('crm.filter.clear')}
        </Button>
      </Space>
    </div>
  );
}
