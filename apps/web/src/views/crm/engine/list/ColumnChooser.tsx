import { TableOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ModuleMeta } from '@orbit/shared/contract/crm';

type Props = { meta: ModuleMeta; columns: string[]; onChange: (columns: string[]) => void };

/**
 * Which fields the list shows as columns: the ones shown keep their order, a field ticked is
 * added at the end; at least one stays. Saved into the view with the rest of the list's settings.
 */
export default function ColumnChooser({ meta, columns, onChange }: Props) {
  const { t } = useTranslation();
  const toggle = (name: string, on: boolean) => {
    const next = on ? [...columns, name] : columns.filter((c) => c !== name);
    if (next.length) onChange(next);
  };
  const content = (
    <div className="crm-column-chooser" data-testid="column-chooser">
      {meta.fields.map((f) => (
        <div key={f.name}>
          <Checkbox checked={columns.includes(f.name)} disabled={columns.length === 1 && columns.includes(f.name)} onChange={(e) => toggle(f.name, e.target.checked)}>
            {f.label}
          </Checkbox>
        </div>
      ))}
    </div>
  );
  return (
    <Popover content={content} title={t('crm.list.columns')} trigger="click" placement="bottomRight">
      <Button icon={<TableOutlined />} data-testid="column-chooser-button">
        {t('crm.list.columns')}
      </Button>
    </Popover>
  );
}
