import { Input, Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';

const TABS = ['CN', 'US', 'JP', 'EU'] as const;

/** Tab: tabs that keep their state (each keeps what was typed in it) and show the active one in the URL (?tab=). */
export default function TabDemo() {
  const { t } = useDemoT();
  const location = useLocation();
  const navigate = useNavigate();
  const asked = new URLSearchParams(location.search).get('tab');
  const active = TABS.find((tab) => tab === asked) ?? 'CN';
  return (
    <DemoPage id="tab">
      <Tabs
        activeKey={active}
        onChange={(key) => navigate(`${location.pathname}?tab=${key}`, { replace: true })}
        // Every pane stays mounted, so what was typed in one survives switching to another.
        destroyOnHidden={false}
        items={TABS.map((tab) => ({
          key: tab,
          label: t(`tab.${tab}`),
          forceRender: true,
          children: <Input placeholder={t('tab.typeHere', { tab: t(`tab.${tab}`) })} data-testid={`tab-input-${tab}`} style={{ maxWidth: 360 }} />,
        }))}
      />
    </DemoPage>
  );
}
