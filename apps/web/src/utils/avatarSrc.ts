/**
 * The address an <img> loads an avatar from: stored avatars are server paths like
 * /profile/avatar/x.png, served under the API prefix; full URLs (and data: or blob: ones) are kept.
 */
export function avatarSrc(avatar: string | null | undefined, apiPrefix: string): string | undefined {
  if (!avatar) return undefined;
  return /^(https?:|data:|blob:)/.test(avatar) ? avatar : `${apiPrefix}${avatar}`;
}
