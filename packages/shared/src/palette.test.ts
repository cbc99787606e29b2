import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast';
import { translate } from './messages';
import { DEFAULT_PALETTE, paletteShades, readOwnColours, type Palette } from './palette';
import { CONTRAST_PAIRS, contrastProblems, effectivePalette, readPaletteSetting } from './paletteRule';

const palette = (colours: Partial<Palette>): Palette => ({ ...DEFAULT_PALETTE, ...colours });
const texts = (colours: Partial<Palette>, lang: 'en' | 'zh' = 'en') => contrastProblems(palette(colours)).map((p) => translate(lang, p.key, p.params));

describe('the theme palette and its contrast rule', () => {
  it('the default palette passes every pair, and keeps today’s main colour and greys', () => {
    expect(contrastProblems(DEFAULT_PALETTE)).toEqual([]);
    expect(DEFAULT_PALETTE).toMatchObject({ main: '#5542f6', background: '#f5f6fa', textSecondary: '#6b6b6b', textPlaceholder: '#737373' });
  });

  it('checks white button text on the main colour at 4.5:1, naming the pair', () => {
    // antd's own blue: 4.10:1 with white text.
    expect(texts({ main: '#1677ff' })[0]).toBe('White button text #ffffff on the main colour #1677ff has a contrast of 4.10:1; at least 4.5:1 is needed');
    expect(texts({ main: '#1677ff' }, 'zh')[0]).toBe('白色按钮文字 #ffffff 在主色 #1677ff 上的对比度为 4.10:1，至少需要 4.5:1');
  });

  it('checks the text greys on the background, white, the hover shade and the selection shade', () => {
    // #777777 is 4.478:1 on white: refused, and told cut to 4.47, never rounded up to look like a pass.
    expect(texts({ background: '#ffffff', textSecondary: '#777777' })[0]).toBe('Secondary text #777777 on white (cards, tables, fields) #ffffff has a contrast of 4.47:1; at least 4.5:1 is needed');
    // #6b6b6b passes on white (5.33:1) but not on a darker background.
    const onGrey = texts({ background: '#e0e0e0' });
    expect(onGrey).toContain('Secondary text #6b6b6b on the background colour #e0e0e0 has a contrast of 4.03:1; at least 4.5:1 is needed');
    expect(onGrey.some((t) => t.startsWith('Primary text'))).toBe(false);
    expect(texts({ textRegular: '#8c8c8c' })).toContain('Regular text #8c8c8c on the hover shade #f0f0f0 has a contrast of 2.95:1; at least 4.5:1 is needed');
    // A black main colour makes the selection shade #ebebeb, too dark for the default secondary grey.
    expect(texts({ main: '#000000' })).toEqual(['Secondary text #6b6b6b on the selection shade (main colour at 8%) #ebebeb has a contrast of 4.47:1; at least 4.5:1 is needed']);
  });

  it('checks placeholder text inside fields (white) at 4.5:1 and the border at 3:1', () => {
    expect(texts({ textPlaceholder: '#bfbfbf' })).toEqual(['Placeholder text #bfbfbf on white (cards, tables, fields) #ffffff has a contrast of 1.83:1; at least 4.5:1 is needed']);
    // antd's default border, 1.41:1: controls' outlines (1.4.11 asks 3:1).
    expect(texts({ border: '#d9d9d9' })).toEqual([
      'Border colour #d9d9d9 on white (cards, tables, fields) #ffffff has a contrast of 1.41:1; at least 3:1 is needed',
      'Border colour #d9d9d9 on the background colour #f5f6fa has a contrast of 1.30:1; at least 3:1 is needed',
    ]);
  });

  it('every pair is computed from the palette as documented', () => {
    expect(CONTRAST_PAIRS).toHaveLength(19);
    const p = palette({ main: '#0958d9' });
    expect(paletteShades(p).selection).toBe('#ebf2fc');
    expect(contrastRatio(paletteShades(p).hover, '#ffffff')).toBeGreaterThan(contrastRatio(p.main, '#ffffff'));
    expect(contrastRatio(paletteShades(p).active, '#ffffff')).toBeGreaterThan(contrastRatio(paletteShades(p).hover, '#ffffff'));
  });

  it('reads the organisation’s setting: a JSON object of named #rrggbb colours, the rest default', () => {
    expect(readPaletteSetting('{"main":"#0958D9","border":"#8c8c8c"}')).toEqual({ colours: { main: '#0958d9', border: '#8c8c8c' } });
    expect(readPaletteSetting('{}')).toEqual({ colours: {} });
    for (const bad of ['', 'blue', '[]', 'null', '"#0958d9"', '{"primary":"#0958d9"}', '{"__proto__":{"main":"#000000"}}', '{"main":"#0958d9","toString":"#000000"}']) {
      expect(readPaletteSetting(bad), bad).toEqual({ problem: { key: 'theme.notPalette' } });
    }
    expect(readPaletteSetting('{"border":"grey"}')).toEqual({ problem: { key: 'theme.notColour', params: { colour: 'theme.colour.border', value: 'grey' } } });
    const refused = readPaletteSetting('{"main":"#13c2c2"}');
    expect('problem' in refused && 'params' in refused.problem && translate('en', refused.problem.key, refused.problem.params)).toBe(
      'White button text #ffffff on the main colour #13c2c2 has a contrast of 2.20:1; at least 4.5:1 is needed',
    );
  });

  it('a person’s own colours apply over the organisation’s only when the whole passes', () => {
    expect(readOwnColours({ main: '#0958D9', border: 'nope', other: '#000000' })).toEqual({ main: '#0958d9' });
    expect(readOwnColours('x')).toEqual({});
    expect(effectivePalette({ main: '#0958d9' }, { textSecondary: '#595959' })).toEqual(palette({ main: '#0958d9', textSecondary: '#595959' }));
    // The organisation darkened its background since: the person's lighter grey no longer passes, the organisation's palette applies.
    expect(effectivePalette({ background: '#e8e8e8', border: '#767676', textSecondary: '#595959' }, { textSecondary: '#6b6b6b' })).toEqual(palette({ background: '#e8e8e8', border: '#767676', textSecondary: '#595959' }));
    expect(effectivePalette({ main: '#13c2c2' }, {})).toEqual(DEFAULT_PALETTE);
  });
});
