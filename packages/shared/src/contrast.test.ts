import { describe, expect, it } from 'vitest';
import { contrastRatio, hexColour, mixColours, relativeLuminance } from './contrast';

describe('contrast (WCAG 2 relative luminance and contrast ratio)', () => {
  it('gives the known luminances of white, black and mid grey', () => {
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#000000')).toBe(0);
    // sRGB 0x77 = 119: ((119/255 + 0.055) / 1.055) ^ 2.4
    expect(relativeLuminance('#777777')).toBeCloseTo(0.18447, 5);
  });

  it('gives the known ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The classic pair at the AA threshold: #767676 passes on white, #777777 just fails.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // antd's defaults the theme replaced (docs/decisions.md, "Accessible colours in the theme").
    expect(contrastRatio('#8c8c8c', '#ffffff')).toBeCloseTo(3.36, 2);
    expect(contrastRatio('#bfbfbf', '#ffffff')).toBeCloseTo(1.84, 2);
    expect(contrastRatio('#1677ff', '#ffffff')).toBeCloseTo(4.1, 2);
    expect(contrastRatio('#5542f6', '#ffffff')).toBeCloseTo(6.01, 2);
    expect(contrastRatio('#d9d9d9', '#ffffff')).toBeCloseTo(1.41, 2);
  });

  it('is symmetric and ignores letter case', () => {
    expect(contrastRatio('#FFFFFF', '#5542F6')).toBe(contrastRatio('#5542f6', '#ffffff'));
  });

  it('mixes colours channel by channel in sRGB', () => {
    expect(mixColours('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixColours('#5542f6', '#ffffff', 0)).toBe('#ffffff');
    expect(mixColours('#5542f6', '#ffffff', 1)).toBe('#5542f6');
    expect(mixColours('#5542f6', '#ffffff', 0.08)).toBe('#f1f0fe');
  });

  it('reads #rrggbb only, in lower case', () => {
    expect(hexColour('#ABCDEF')).toBe('#abcdef');
    for (const bad of ['#abc', 'abcdef', '#abcdeg', '#abcdef80', 'red', '', 12, null]) expect(hexColour(bad)).toBeUndefined();
  });
});
