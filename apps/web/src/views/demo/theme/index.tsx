import { Alert, Button, ColorPicker, Space, Tag } from 'antd';
import { DEFAULT_THEME_COLOR } from '@orbit/shared/constants';
import { settingsStore, updateSettings } from '../../../store/settings';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';

const PRESETS = [DEFAULT_THEME_COLOR, '#1890ff', '#13c2c2', '#52c41a', '#fa541c', '#eb2f96'];

/** Theme: switch the theme colour live (the settings panel's colour, remembered); the controls below follow it. */
export default function ThemeDemo() {
  const { t } = useDemoT();
  const { themeColor } = settingsStore.use();
  return (
    <DemoPage id="theme">
      <Space wrap style={{ marginBottom: 16 }}>
        <ColorPicker value={themeColor} onChangeComplete={(c) => updateSettings({ themeColor: c.toHexString() })} showText data-testid="theme-picker" />
        {PRESETS.map((color) => (
          <Button key={color} onClick={() => updateSettings({ themeColor: color })} style={{ background: color, borderColor: color, color: '#fff' }} data-testid={`theme-${color.slice(1)}`}>
            {color}
          </Button>
        ))}
      </Space>
      <Alert type="info" showIcon title={t('theme.current', { color: themeColor })} style={{ marginBottom: 16 }} data-testid="theme-current" />
      <Space wrap>
        <Button type="primary">{t('theme.primary')}</Button>
        <Button>{t('theme.default')}</Button>
        <Button type="dashed">{t('theme.dashed')}</Button>
        <Button type="link">{t('theme.link')}</Button>
        <Tag color={themeColor}>{t('theme.tag')}</Tag>
      </Space>
    </DemoPage>
  );
}
