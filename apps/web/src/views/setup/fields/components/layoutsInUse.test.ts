import { describe, expect, it } from 'vitest';
import type { SetupModule } from '@orbit/shared/contract/setup';
import { layoutsInUse } from './layoutsInUse';

const layout = (id: number, isTemplate = false) => ({ id, isTemplate }) as SetupModule['layouts'][number];
const type = (layoutId: number | null, active = true) => ({ layoutId, active }) as SetupModule['recordTypes'][number];

describe('the layouts a new field is placed in at first', () => {
  it('are those of the active record types, once each, never the template', () => {
    const data = { layouts: [layout(1, true), layout(2), layout(3), layout(4)], recordTypes: [type(2), type(2), type(3, false), type(1), type(4), type(null)] };
    expect(layoutsInUse(data)).toEqual([2, 4]);
  });
});
