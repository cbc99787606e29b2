import { describe, expect, it } from 'vitest';
import { avatarSrc } from './avatarSrc';

describe('avatarSrc', () => {
  it('serves stored avatars under the API prefix', () => {
    expect(avatarSrc('/profile/avatar/a.png', '/dev-api')).toBe('/dev-api/profile/avatar/a.png');
    expect(avatarSrc('', '/dev-api')).toBeUndefined();
    expect(avatarSrc('https://x/y.png', '/dev-api')).toBe('https://x/y.png');
  });
});
