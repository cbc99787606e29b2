import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PALETTE } from '@orbit/shared/palette';
import { changeLanguage, loadAllTexts } from '../i18n/i18n';
import { currentPalette, organisationPaletteStore } from '../store/palette';
import { resetSettings, settingsStore } from '../store/settings';
import { renderWithProviders } from '../test/renderWithProviders';
import SettingsDrawer from './SettingsDrawer';

const type = (name: string, value: string) => fireEvent.change(screen.getByTestId(`setting-colour-${name}`), { target: { value } });
const problems = () => within(screen.getByTestId('palette-problems')).getAllByRole('listitem').map((li) => li.textContent);

beforeAll(async () => {
  await loadAllTexts();
});
beforeEach(() => {
  resetSettings();
  organisationPaletteStore.set({});
});
afterEach(async () => {
  await changeLanguage('en');
});

describe('the settings panel’s colours', () => {
  it('shows the palette in force, each colour labelled', () => {
    organisationPaletteStore.set({ main: '#0958d9' });
    renderWithProviders(<SettingsDrawer open onClose={() => {}} />);
    expect(screen.getByLabelText('Main colour')).toHaveProperty('value', '#0958d9');
    expect(screen.getByLabelText('Placeholder text')).toHaveProperty('value', DEFAULT_PALETTE.textPlaceholder);
    expect(screen.queryByTestId('palette-problems')).toBeNull();
  });

  it('refuses a main colour white button text cannot be read on, naming the pair; nothing changes', () => {
    renderWithProviders(<SettingsDrawer open onClose={() => {}} />);
    type('main', '#1677ff');
    expect(problems()[0]).toBe('White button text #ffffff on the main colour #1677ff has a contrast of 4.10:1; at least 4.5:1 is needed');
    expect(screen.getByTestId('setting-colour-main')).toHaveProperty('value', '#1677ff');
    expect(screen.getByTestId('setting-colour-main').closest('.ant-input-status-error')).not.toBeNull();
    expect(currentPalette()).toEqual(DEFAULT_PALETTE);
    expect(settingsStore.get().colours).toEqual({});
    // A colour that passes applies at once, and the refusal goes.
    type('main', '#0958D9');
    expect(currentPalette().main).toBe('#0958d9');
    expect(screen.queryByTestId('palette-problems')).toBeNull();
  });

  it('keeps refused colours in the fields, so that a change of several colours can be made one by one', () => {
    renderWithProviders(<SettingsDrawer open onClose={() => {}} />);
    type('background', '#e0e0e0');
    expect(problems()).toEqual([
      'Secondary text #6b6b6b on the background colour #e0e0e0 has a contrast of 4.03:1; at least 4.5:1 is needed',
      'Border colour #8c8c8c on the background colour #e0e0e0 has a contrast of 2.54:1; at least 3:1 is needed',
    ]);
    type('textSecondary', '#595959');
    expect(problems()).toEqual(['Border colour #8c8c8c on the background colour #e0e0e0 has a contrast of 2.54:1; at least 3:1 is needed']);
    expect(currentPalette()).toEqual(DEFAULT_PALETTE);
    type('border', '#6e6e6e');
    expect(screen.queryByTestId('palette-problems')).toBeNull();
    expect(currentPalette()).toEqual({ ...DEFAULT_PALETTE, background: '#e0e0e0', textSecondary: '#595959', border: '#6e6e6e' });
    // Reset: the organisation's palette again.
    fireEvent.click(screen.getByTestId('settings-reset'));
    expect(currentPalette()).toEqual(DEFAULT_PALETTE);
    expect(screen.getByTestId('setting-colour-background')).toHaveProperty('value', DEFAULT_PALETTE.background);
  });

  it('the browser’s colour picker and the preset theme colours propose a colour like the text does', () => {
    renderWithProviders(<SettingsDrawer open onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Main colour picker'), { target: { value: '#006d75' } });
    expect(currentPalette().main).toBe('#006d75');
    expect(screen.getByTestId('setting-colour-main')).toHaveProperty('value', '#006d75');
    const presets = within(screen.getByRole('group', { name: 'Theme colour' }));
    expect(presets.getByRole('button', { name: 'Theme colour #006d75' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(presets.getByRole('button', { name: 'Theme colour #0958d9' }));
    expect(currentPalette().main).toBe('#0958d9');
    expect(presets.getByRole('button', { name: 'Theme colour #0958d9' }).getAttribute('aria-pressed')).toBe('true');
    expect(presets.getByRole('button', { name: 'Theme colour #006d75' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('an incomplete colour is neither applied nor refused', () => {
    renderWithProviders(<SettingsDrawer open onClose={() => {}} />);
    type('main', '#13c');
    expect(screen.getByTestId('setting-colour-main')).toHaveProperty('value', '#13c');
    expect(screen.queryByTestId('palette-problems')).toBeNull();
    expect(currentPalette()).toEqual(DEFAULT_PALETTE);
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh');
    renderWithProviders(<SettingsDrawer open onClose={() => {}} />);
    expect(screen.getByLabelText('主色')).toHaveProperty('value', DEFAULT_PALETTE.main);
    type('textPlaceholder', '#bfbfbf');
    expect(problems()).toEqual(['占位文字 #bfbfbf 在白色（卡片、表格、输入框） #ffffff 上的对比度为 1.83:1，至少需要 4.5:1']);
    expect(screen.getByText('未应用：以下颜色对比度不足')).toBeTruthy();
  });
});
