import { describe, expect, it } from 'vitest';
import { DEFAULT_PALETTE } from '@orbit/shared/palette';
import { contrastProblems } from '@orbit/shared/paletteRule';
import { MAIN_COLOUR_PRESETS } from './palettePresets';

describe('the main colours offered', () => {
  it('each passes the contrast rule with the default greys', () => {
    for (const main of MAIN_COLOUR_PRESETS) expect(contrastProblems({ ...DEFAULT_PALETTE, main }), main).toEqual([]);
  });
});
