import { createHash } from 'node:crypto';
import { cp, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** The stored files of a data directory (uploads, attachments, exports) as a backup counts them. */
export type FilesFingerprint = { count: number; bytes: number; checksum: string };

async function listFiles(root: string, under = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, under), { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((e) => {
      const relative = path.posix.join(under, e.name);
      return e.isDirectory() ? listFiles(root, relative) : Promise.resolve(e.isFile() ? [relative] : []);
    }),
  );
  return nested.flat();
}

/** Count, size and a SHA-256 over every file's path and content (sorted by path); an absent folder is empty. */
export async function filesFingerprint(root: string): Promise<FilesFingerprint> {
  const files = (await listFiles(root)).sort();
  const hash = createHash('sha256');
  let bytes = 0;
  for (const file of files) {
    const content = await readFile(path.join(root, file));
    bytes += content.length;
    hash.update(`${file}\n${createHash('sha256').update(content).digest('hex')}\n`);
  }
  return { count: files.length, bytes, checksum: hash.digest('hex') };
}

/** Copies a folder of files (nothing when it does not exist). */
export async function copyFiles(from: string, to: string): Promise<void> {
  if (!(await stat(from).catch(() => null))?.isDirectory()) return;
  await cp(from, to, { recursive: true, errorOnExist: true, force: false });
}
