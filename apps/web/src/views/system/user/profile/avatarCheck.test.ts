import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@orbit/shared/constants';
import { avatarProblem } from './avatarCheck';

describe('avatar checks', () => {
  it('accepts small images and refuses other types and large files', () => {
    expect(avatarProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(avatarProblem({ type: 'image/svg+xml', size: 1000 })).toBe('type');
    expect(avatarProblem({ type: 'application/pdf', size: 1000 })).toBe('type');
    expect(avatarProblem({ type: 'image/jpeg', size: AVATAR_MAX_BYTES + 1 })).toBe('size');
  });
});
