import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Empty, List, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SetupModule } from '@orbit/shared/contract/setup';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { setListColumns } from '../../../../api/setup';
import { RequestError } from '../../../../api/request';
import type { useSetupModule } from './useSetupModule';

type Props = { module: CrmModule; data: SetupModule; setup: ReturnType<typeof useSetupModule> };

/** Which fields the module's default list view shows, in order. */
export default function ListColumnsTab({ module, data, setup }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [columns, setColumns] = useState<string[]>(data.defaultView?.columns ?? []);
  const [saving, setSaving] = useState(false);
  if (!data.defaultView) return <Empty description={t('setup.columns.none')} />;
  const byName = new Map(data.fields.map((f) => [f.name, f]));
  const move = (index: number, delta: number) => {
    const next = [...columns];
    const [item] = next.splice(index, 1);
    next.splice(index + delta, 0, item!);
    setColumns(next);
  };
  const save = async () => {
    setSaving(true);
    try {
      await setListColumns(module, columns);
      void message.success(t('setup.columns.saved'));
      await setup.refresh();
    } catch (error) {
      if (error instanceof RequestError && error.message) void message.error(error.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div style={{ maxWidth: 560 }}>
      <Typography.Paragraph type="secondary">{t('setup.columns.help', { view: data.defaultView.name })}</Typography.Paragraph>
      <List
        size="small"
        bordered
        dataSource={columns}
        data-testid="list-columns"
        renderItem={(name, index) => (
          <List.Item
            actions={
              setup.can.edit
                ? [
                    <Button key="up" size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} aria-label={t('setup.layout.moveUp')} onClick={() => move(index, -1)} />,
                    <Button key="down" size="small" type="text" icon={<ArrowDownOutlined />} disabled={index === columns.length - 1} aria-label={t('setup.layout.moveDown')} onClick={() => move(index, 1)} />,
                    <Button key="remove" size="small" type="text" danger icon={<DeleteOutlined />} disabled={columns.length === 1} aria-label={t('setup.layout.removeField')} onClick={() => setColumns(columns.filter((c) => c !== name))} />,
                  ]
                : []
            }
          >
            {byName.get(name)?.label ?? name}
          </List.Item>
        )}
      />
      {setup.can.edit && (
        <Space style={{ marginTop: 12 }} wrap>
          <Select<string>
            showSearch
            optionFilterProp="label"
            value={null as unknown as string}
            placeholder={<><PlusOutlined /> {t('setup.columns.add')}</>}
            style={{ width: 260 }}
            options={data.fields.filter((f) => !columns.includes(f.name)).map((f) => ({ value: f.name, label: f.label }))}
            onChange={(name) => setColumns([...columns, name])}
            data-testid="list-columns-add"
          />
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="list-columns-save">
            {t('setup.columns.save')}
          </Button>
        </Space>
      )}
    </div>
  );
}
