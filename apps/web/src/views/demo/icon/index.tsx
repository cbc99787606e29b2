import { Card, Input, Tooltip, message } from 'antd';
import { useState } from 'react';
import { MENU_ICONS } from '../../../layout/menuIcons';
import DemoPage from '../components/DemoPage';
import { copyText } from '../components/copyText';
import { useDemoT } from '../components/demoI18n';

/** The icon catalogue: the icons menus may carry; a click copies the icon's usage. */
export default function IconsDemo() {
  const { t } = useDemoT();
  const [filter, setFilter] = useState('');
  const names = Object.keys(MENU_ICONS).filter((n) => n.includes(filter.trim().toLowerCase()));
  async function handleCopy(name: string) {
    const usage = `menuIcon('${name}')`;
    if (await copyText(usage)) message.success(t('icon.copied', { usage }));
    else message.error(t('clipboard.failed'));
  }
  return (
    <DemoPage id="icon">
      <Input.Search allowClear placeholder={t('icon.search')} style={{ maxWidth: 320, marginBottom: 16 }} onChange={(e) => setFilter(e.target.value)} />
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))', gap: 12 }}>
        {names.map((name) => {
          const Icon = MENU_ICONS[name]!;
          return (
            <Tooltip key={name} title={`menuIcon('${name}')`}>
              <Card hoverable size="small" onClick={() => handleCopy(name)} style={{ textAlign: 'center' }} data-icon={name}>
                <div style={{ fontSize: 24 }}><Icon /></div>
                <div style={{ fontSize: 12 }}>{name}</div>
              </Card>
            </Tooltip>
          );
        })}
      </div>
    </DemoPage>
  );
}
