import { AVATAR_MAX_BYTES } from '@orbit/shared/constants';

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Why a picked file cannot be an avatar ('type' or 'size'), or null when it can. The server checks the content again. */
export function avatarProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}
