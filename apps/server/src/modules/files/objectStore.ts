import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, realpath, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded files' bytes live, by key (docs/architecture.md, "File storage"). Keys are made by
 * the server (`a/b/<uuid>`: letters, digits, `-`, `_`, `/`), never by a client. The modules use only
 * this interface, so another store (an S3-compatible bucket) is one more implementation chosen in
 * `fileStoreOf`, without touching them.
 */
export type ObjectStore = {
  /** Writes the stream under the key; rejects (leaving nothing behind) when the stream fails. */
  put(key: string, content: Readable): Promise<{ size: number }>;
  /** The bytes under the key, or null when there are none. */
  get(key: string): Promise<Readable | null>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the key; a missing one is not an error. */
  delete(key: string): Promise<void>;
};

const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

/** Refuses a key the server could not have made (a path segment like `..`, an absolute path, NUL). */
export function checkedKey(key: string): string {
  if (!KEY.test(key) || key.length > 300) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * The default store: files under `root` (DATA_DIR/files/<prefix>), one file per key. A key is
 * checked by its pattern and the resolved path confined to the root (symlinks included).
 */
export function dataDirStore(root: string): ObjectStore {
  const fileOf = (key: string) => path.join(root, checkedKey(key));
  /** The real path of an existing key, or null when it is missing or leads outside the root. */
  async function existing(key: string): Promise<string | null> {
    const file = fileOf(key);
    try {
      const [realRoot, real] = await Promise.all([realpath(root), realpath(file)]);
      return real.startsWith(realRoot + path.sep) ? real : null;
    } catch {
      return null;
    }
  }
  return {
    async put(key, content) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        // 'wx': a key is written once; an existing file is never overwritten.
        await pipeline(content, createWriteStream(file, { flags: 'wx' }));
      } catch (error) {
        // What this call began is removed; an existing file (EEXIST) is not ours to remove.
        if ((error as { code?: string }).code !== 'EEXIST') await rm(file, { force: true });
        throw error;
      }
      return { size: (await stat(file)).size };
    },
    async get(key) {
      const file = await existing(key);
      return file ? createReadStream(file) : null;
    },
    async stat(key) {
      const file = await existing(key);
      if (!file) return null;
      const info = await stat(file);
      return info.isFile() ? { size: info.size } : null;
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
