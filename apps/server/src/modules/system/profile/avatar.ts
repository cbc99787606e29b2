import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Image kinds accepted as avatars, recognised by their first bytes (never by the file name). */
const KINDS = [
  { ext: 'png', type: 'image/png', test: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', type: 'image/jpeg', test: (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', type: 'image/gif', test: (b: Buffer) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  { ext: 'webp', type: 'image/webp', test: (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
] as const;

/** Server-generated avatar file names: 32 hex characters and a known extension. */
export const AVATAR_NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;
/** What `sys_user.avatar` holds: a path under the API prefix, as RuoYi clients expect. */
export const AVATAR_URL_PREFIX = '/profile/avatar/';

export function imageKindOf(bytes: Buffer) {
  return KINDS.find((k) => k.test(bytes));
}

export function contentTypeOf(name: string): string {
  const ext = name.split('.').pop();
  return KINDS.find((k) => k.ext === ext)?.type ?? 'application/octet-stream';
}

export const avatarDir = (dataDir: string) => path.join(dataDir, 'avatars');

/** Stores the image under a new random name; returns that name. */
export async function saveAvatar(dataDir: string, bytes: Buffer, ext: string): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await mkdir(avatarDir(dataDir), { recursive: true });
  await writeFile(path.join(avatarDir(dataDir), name), bytes, { flag: 'wx' });
  return name;
}

/** Removes a previous avatar file, if the stored value names one of ours. */
export async function removeAvatar(dataDir: string, stored: string): Promise<void> {
  const name = stored.startsWith(AVATAR_URL_PREFIX) ? stored.slice(AVATAR_URL_PREFIX.length) : '';
  if (!AVATAR_NAME.test(name)) return;
  await unlink(path.join(avatarDir(dataDir), name)).catch(() => undefined);
}
