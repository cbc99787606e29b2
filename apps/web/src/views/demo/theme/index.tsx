import { Alert, Button, ColorPicker, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContrastProblem } from '@orbit/shared/paletteRule';
import { MAIN_COLOUR_PRESETS } from '../../../app/palettePresets';
import { chooseColours } from '../../../store/chooseColours';
import { usePalette } from '../../../store/palette';
import { paletteProblemText } from '../../../utils/paletteTexts';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';

/**
 * Theme: switch the main colour live (the settings panel's, remembered); the controls below follow
 * it. A colour white text cannot be read on is refused, as in the settings panel.
 */
export default function ThemeDemo() {
  const { t } = useDemoT();
  const { t: tApp } = useTranslation();
  const { main } = usePalette();
  const [problems, setProblems] = useState<ContrastProblem[]>([]);
  const choose = (colour: string) => setProblems(chooseColours({ main: colour }));
  return (
    <DemoPage id="theme">
      <Space wrap style={{ marginBottom: 16 }}>
        <ColorPicker value={main} disabledAlpha onChangeComplete={(c) => choose(c.toHexString())} showText data-testid="theme-picker" />
        {MAIN_COLOUR_PRESETS.map((color) => (
          <Button key={color} onClick={() => choose(color)} style={{ background: color, borderColor: color, color: '#fff' }} data-testid={`theme-${color.slice(1)}`}>
            {color}
          </Button>
        ))}
      </Space>
      {problems.length > 0 && <Alert type="error" role="alert" showIcon title={paletteProblemText(tApp, problems[0]!)} style={{ marginBottom: 16 }} data-testid="theme-refused" />}
      <Alert type="info" showIcon title={t('theme.current', { color: main })} style={{ marginBottom: 16 }} data-testid="theme-current" />
      <Space wrap>
        <Button type="primary">{t('theme.primary')}</Button>
        <Button>{t('theme.default')}</Button>
        <Button type="dashed">{t('theme.dashed')}</Button>
        <Button type="link">{t('theme.link')}</Button>
        <Tag color={main}>{t('theme.tag')}</Tag>
      </Space>
    </DemoPage>
  );
}
