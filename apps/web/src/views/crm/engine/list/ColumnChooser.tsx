import { SearchOutlined, TableOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModuleMeta } from '@orbit/shared/contract/crm';

type Props = { meta: ModuleMeta; columns: string[]; onChange: (columns: string[]) => void };

/**
 * Which fields the list shows as columns: the ones shown keep their order, a field ticked is
 * added at the end; at least one stays. Saved into the view with the rest of the list's settings.
 * The fields are one vertical list in the module's order (a new custom field where the metadata
 * puts it, reached by scrolling down, never sideways), narrowed by typing part of a label.
 */
export default function ColumnChooser({ meta, columns, onChange }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const toggle = (name: string, on: boolean) => {
    const next = on ? [...columns, name] : columns.filter((c) => c !== name);
    if (next.length) onChange(next);
  };
  const term = search.trim().toLowerCase();
  const shown = term ? meta.fields.filter((f) => f.label.toLowerCase().includes(term)) : meta.fields;
  const content = (
    <div className="crm-column-chooser" data-testid="column-chooser">
      <Input
        type="search"
        allowClear
        size="small"
        prefix={<SearchOutlined />}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t('crm.list.findColumn')}
        aria-label={t('crm.list.findColumn')}
        data-testid="column-chooser-search"
      />
      <div className="crm-column-chooser-fields" role="group" aria-label={t('crm.list.columns')}>
        {shown.map((f) => (
          <Checkbox key={f.name} checked={columns.includes(f.name)} disabled={columns.length === 1 && columns.includes(f.name)} onChange={(e) => toggle(f.name, e.target.checked)}>
            {f.label}
          </Checkbox>
        ))}
        {!shown.length && <Typography.Text type="secondary">{t('crm.list.noColumnMatch')}</Typography.Text>}
      </div>
    </div>
  );
  return (
    <Popover content={content} title={t('crm.list.columns')} trigger="click" placement="bottomRight" onOpenChange={(open) => !open && setSearch('')}>
      <Button icon={<TableOutlined />} data-testid="column-chooser-button">
        {t('crm.list.columns')}
      </Button>
    </Popover>
  );
}
