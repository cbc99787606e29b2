import { Button, ColorPicker, Divider, Drawer, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_THEME_COLOR } from '@orbit/shared/constants';
import { resetSettings, settingsStore, updateSettings, type LayoutSettings } from '../store/settings';

const PRESETS = [DEFAULT_THEME_COLOR, '#1677ff', '#13c2c2', '#52c41a', '#fa8c16', '#f5222d', '#eb2f96', '#304156'];

/** Layout settings (SPEC §2): theme colour, tags view, fixed header, sidebar logo; remembered. */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = settingsStore.use();
  const toggle = (key: keyof Omit<LayoutSettings, 'themeColor'>) => (
    <Flex justify="space-between" align="center" style={{ padding: '8px 0' }}>
      <span>{t(`layout.settings.${key}`)}</span>
      <Switch checked={settings[key]} onChange={(checked) => updateSettings({ [key]: checked })} data-testid={`setting-${key}`} />
    </Flex>
  );
  return (
    <Drawer open={open} onClose={onClose} title={t("layout.settings.title")} size={300} data-testid="settings-drawer">
      <Flex justify="space-between" align="center" style={{ padding: '8px 0' }}>
        <span>{t('layout.settings.themeColor')}</span>
        <ColorPicker
          value={settings.themeColor}
          disabledAlpha
          presets={[{ label: t('layout.settings.themeColor'), colors: PRESETS }]}
          onChangeComplete={(color) => updateSettings({ themeColor: color.toHexString() })}
          data-testid="setting-themeColor"
        />
      </Flex>
      <Divider style={{ margin: '8px 0' }} />
      {toggle('tagsView')}
      {toggle('fixedHeader')}
      {toggle('sidebarLogo')}
      <Divider style={{ margin: '8px 0' }} />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {settings.themeColor.toUpperCase()}
      </Typography.Paragraph>
      <Button block onClick={resetSettings}>
        {t('layout.settings.reset')}
      </Button>
    </Drawer>
  );
}
