import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldMeta } from '@orbit/shared/contract/crm';
import { FILTER_MAX_DEPTH } from '@orbit/shared/crm/filterTree';
import ConditionRow from './ConditionRow';
import { emptyCondition, emptyGroup, type GroupDraft, type GroupMatch } from './filterDraft';

type Props = {
  fields: FieldMeta[];
  group: GroupDraft;
  depth: number;
  /** No more conditions may be added (the server's cap). */
  full: boolean;
  onChange: (next: GroupDraft) => void;
  onRemove?: () => void;
};

const MATCHES: GroupMatch[] = ['all', 'any', 'none'];

/** A group of conditions that must all / any / none hold, possibly holding further groups. */
export default function FilterGroup({ fields, group, depth, full, onChange, onRemove }: Props) {
  const { t } = useTranslation();
  const setItem = (index: number, next: GroupDraft['items'][number] | null) =>
    onChange({ ...group, items: next ? group.items.map((item, i) => (i === index ? next : item)) : group.items.filter((_, i) => i !== index) });
  return (
    <div className={depth > 1 ? 'crm-filter-group crm-filter-group-nested' : 'crm-filter-group'} data-testid="filter-group">
      <Space className="crm-filter-group-head">
        <Select
          value={group.match}
          onChange={(match: GroupMatch) => onChange({ ...group, match })}
          options={MATCHES.map((m) => ({ value: m, label: t(`crm.filter.match.${m}`) }))}
          aria-label={t('crm.filter.matchLabel')}
          style={{ width: 200 }}
          size="small"
        />
        {onRemove && <Button type="text" size="small" icon={<DeleteOutlined />} onClick={onRemove} aria-label={t('crm.filter.removeGroup')} />}
      </Space>
      {group.items.map((item, index) =>
        item.kind === 'group' ? (
          <FilterGroup key={item.key} fields={fields} group={item} depth={depth + 1} full={full} onChange={(next) => setItem(index, next)} onRemove={() => setItem(index, null)} />
        ) : (
          <ConditionRow key={item.key} fields={fields} condition={item} onChange={(next) => setItem(index, next)} onRemove={() => setItem(index, null)} />
        ),
      )}
      <Space size="small">
        <Button size="small" type="dashed" icon={<PlusOutlined />} disabled={full} onClick={() => onChange({ ...group, items: [...group.items, emptyCondition()] })}>
          {t('crm.filter.addCondition')}
        </Button>
        {depth < FILTER_MAX_DEPTH && (
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            disabled={full}
            onClick={() => onChange({ ...group, items: [...group.items, { ...emptyGroup('any'), items: [emptyCondition()] }] })}
          >
            {t('crm.filter.addGroup')}
          </Button>
        )}
      </Space>
    </div>
  );
}
