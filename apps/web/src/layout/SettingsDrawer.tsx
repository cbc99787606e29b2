import { Alert, Button, Divider, Drawer, Flex, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PALETTE_COLOURS, type Palette } from '@orbit/shared/palette';
import type { ContrastProblem } from '@orbit/shared/paletteRule';
import { MAIN_COLOUR_PRESETS } from '../app/palettePresets';
import { chooseColours } from '../store/chooseColours';
import { usePalette } from '../store/palette';
import { resetSettings, settingsStore, updateSettings, type LayoutSettings } from '../store/settings';
import { paletteProblemText } from '../utils/paletteTexts';
import ColourField from './ColourField';

/** The palette colour a surface is drawn in (the selection shade is the main colour's), to mark the fields of a refused pair. */
const COLOUR_OF: Record<string, string> = { 'theme.surface.main': 'theme.colour.main', 'theme.surface.selection': 'theme.colour.main', 'theme.surface.background': 'theme.colour.background' };

/**
 * Layout settings (SPEC §2): the palette's colours, tags view, fixed header, sidebar logo;
 * remembered on this device. Colours apply at once when the whole palette passes the contrast
 * rule; otherwise they stay in the fields, unapplied, with the offending pairs named, so that a
 * change needing two colours (a darker background and darker greys) can be made one after the other.
 */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = settingsStore.use();
  const palette = usePalette();
  const [draft, setDraft] = useState<Partial<Palette>>({});
  const [problems, setProblems] = useState<ContrastProblem[]>([]);
  const shown = { ...palette, ...draft };

  const propose = (name: keyof Palette, hex: string) => {
    const next = { ...draft, [name]: hex };
    const found = chooseColours(next);
    setProblems(found);
    setDraft(found.length ? next : {});
  };
  const forgetDraft = () => {
    setDraft({});
    setProblems([]);
  };
  const involved = new Set(problems.flatMap((p) => [p.params.foreground, p.params.surface].map((key) => COLOUR_OF[key] ?? key)));
  const toggle = (key: keyof Omit<LayoutSettings, 'colours'>) => (
    <Flex justify="space-between" align="center" style={{ padding: '8px 0' }}>
      <span>{t(`layout.settings.${key}`)}</span>
      <Switch checked={settings[key]} onChange={(checked) => updateSettings({ [key]: checked })} aria-label={t(`layout.settings.${key}`)} data-testid={`setting-${key}`} />
    </Flex>
  );
  return (
    <Drawer open={open} onClose={onClose} afterOpenChange={(opened) => !opened && forgetDraft()} title={t('layout.settings.title')} size={320} data-testid="settings-drawer">
      <Typography.Text strong>{t('layout.settings.colours')}</Typography.Text>
      {PALETTE_COLOURS.map((name) => (
        <ColourField
          key={name}
          name={name}
          label={t(`server.theme.colour.${name}`)}
          value={shown[name]}
          presets={name === 'main' ? { label: t('layout.settings.themeColor'), colors: [...MAIN_COLOUR_PRESETS] } : undefined}
          invalid={involved.has(`theme.colour.${name}`)}
          onChange={(hex) => propose(name, hex)}
        />
      ))}
      {problems.length > 0 && (
        <Alert
          type="error"
          role="alert"
          style={{ margin: '8px 0' }}
          title={t('layout.settings.coloursRefused')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {problems.map((p) => (
                <li key={`${p.params.foreground}/${p.params.surface}`}>{paletteProblemText(t, p)}</li>
              ))}
            </ul>
          }
          data-testid="palette-problems"
        />
      )}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0 0' }}>
        {t('layout.settings.coloursHint')}
      </Typography.Paragraph>
      <Divider style={{ margin: '8px 0' }} />
      {toggle('tagsView')}
      {toggle('fixedHeader')}
      {toggle('sidebarLogo')}
      <Divider style={{ margin: '8px 0' }} />
      <Button
        block
        onClick={() => {
          resetSettings();
          forgetDraft();
        }}
        data-testid="settings-reset"
      >
        {t('layout.settings.reset')}
      </Button>
    </Drawer>
  );
}
