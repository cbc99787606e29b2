import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PALETTE } from '@orbit/shared/palette';

const api = vi.hoisted(() => ({ getConfigValue: vi.fn() }));
vi.mock('../api/system/configValue', () => api);

/** The stores read local storage when first imported: each test imports them afresh. */
async function stores(remembered?: object) {
  localStorage.clear();
  if (remembered) localStorage.setItem('layout-setting', JSON.stringify(remembered));
  vi.resetModules();
  const palette = await import('./palette');
  // Own colours wait for the contrast rule, loaded on demand.
  await palette.refreshPalette();
  return { ...palette, ...(await import('./chooseColours')), ...(await import('./settings')) };
}

describe('the palette a person’s pages use', () => {
  it('is the organisation’s, with the person’s own colours over it when the whole passes', async () => {
    const s = await stores();
    api.getConfigValue.mockResolvedValueOnce({ code: 200, msg: '{"main":"#0958d9"}', data: '{"main":"#0958d9"}' });
    await s.loadOrganisationPalette();
    expect(api.getConfigValue).toHaveBeenCalledWith('sys.theme.palette');
    expect(s.currentPalette()).toEqual({ ...DEFAULT_PALETTE, main: '#0958d9' });
    expect(s.chooseColours({ textSecondary: '#595959' })).toEqual([]);
    expect(s.currentPalette()).toEqual({ ...DEFAULT_PALETTE, main: '#0958d9', textSecondary: '#595959' });
    // Only what differs from the organisation's is remembered as the person's own.
    expect(JSON.parse(localStorage.getItem('layout-setting')!).colours).toEqual({ textSecondary: '#595959' });
  });

  it('refuses colours that fail, naming the pair, and changes nothing', async () => {
    const s = await stores();
    const problems = s.chooseColours({ main: '#13c2c2' });
    expect(problems.map((p) => p.params.surface)).toEqual(['theme.surface.main', 'theme.surface.background', 'theme.surface.hover', 'theme.surface.selection']);
    expect(problems[0]!.params).toMatchObject({ foreground: 'theme.buttonText', foregroundColour: '#ffffff', surfaceColour: '#13c2c2', ratio: '2.20', minimum: '4.5' });
    expect(s.currentPalette()).toEqual(DEFAULT_PALETTE);
    expect(localStorage.getItem('layout-setting')).toBeNull();
  });

  it('keeps the main colour chosen before the palette existed, unless it fails; an untouched default is not a choice', async () => {
    let s = await stores({ themeColor: '#0958d9', tagsView: false, fixedHeader: true, sidebarLogo: true });
    expect(s.settingsStore.get()).toEqual({ colours: { main: '#0958d9' }, tagsView: false, fixedHeader: true, sidebarLogo: true });
    s = await stores({ themeColor: '#5542f6', tagsView: true });
    expect(s.settingsStore.get().colours).toEqual({});
    // #13c2c2 was offered by the old panel: remembered, but white text cannot be read on it.
    s = await stores({ themeColor: '#13c2c2' });
    expect(s.currentPalette().main).toBe(DEFAULT_PALETTE.main);
  });

  it('stays on the default palette when the organisation’s cannot be read', async () => {
    const s = await stores();
    api.getConfigValue.mockRejectedValueOnce(new Error('offline'));
    await s.loadOrganisationPalette();
    expect(s.currentPalette()).toEqual(DEFAULT_PALETTE);
  });

  it('is on the document’s root as CSS variables from the start, and a palette with the same colours is not a new one', async () => {
    document.documentElement.removeAttribute('style');
    const s = await stores();
    expect(document.documentElement.style.getPropertyValue('--orbit-primary')).toBe(DEFAULT_PALETTE.main);
    const first = s.currentPalette();
    api.getConfigValue.mockResolvedValueOnce({ code: 200, msg: '{}', data: '{}' });
    await s.loadOrganisationPalette();
    expect(s.currentPalette()).toBe(first);
    api.getConfigValue.mockResolvedValueOnce({ code: 200, msg: '', data: '{"main":"#0958d9"}' });
    await s.loadOrganisationPalette();
    expect(document.documentElement.style.getPropertyValue('--orbit-primary')).toBe('#0958d9');
  });

  it('resets to the organisation’s palette', async () => {
    const s = await stores({ colours: { main: '#0958d9' } });
    expect(s.currentPalette().main).toBe('#0958d9');
    s.resetSettings();
    expect(s.currentPalette()).toEqual(DEFAULT_PALETTE);
  });
});
