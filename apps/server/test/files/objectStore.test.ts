import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { checkedKey, dataDirStore } from '../../src/modules/files/objectStore';
import { sniffContentType } from '../../src/modules/files/sniffType';

const text = async (stream: Readable | null) => {
  const chunks: Buffer[] = [];
  for await (const c of stream!) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('the data-directory file store', () => {
  it('puts, stats, gets and deletes by key; a key is written once', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'orbit-store-'));
    const store = dataDirStore(root);
    expect(await store.put('a/b-1', Readable.from([Buffer.from('hello')]))).toEqual({ size: 5 });
    expect(readFileSync(path.join(root, 'a/b-1'), 'utf8')).toBe('hello');
    expect(await store.stat('a/b-1')).toEqual({ size: 5 });
    expect(await text(await store.get('a/b-1'))).toBe('hello');
    await expect(store.put('a/b-1', Readable.from([Buffer.from('again')]))).rejects.toThrow();
    expect(await text(await store.get('a/b-1'))).toBe('hello');
    await store.delete('a/b-1');
    expect(await store.get('a/b-1')).toBeNull();
    expect(await store.stat('a/b-1')).toBeNull();
    await store.delete('a/b-1');
  });

  it('refuses keys a server would not make, and never follows a link out of its root', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a\u0000b', 'a//b', '', 'a/./b', 'C:\\x']) expect(() => checkedKey(key), key).toThrow();
    const root = mkdtempSync(path.join(os.tmpdir(), 'orbit-store-'));
    const outside = path.join(mkdtempSync(path.join(os.tmpdir(), 'orbit-outside-')), 'secret');
    writeFileSync(outside, 'secret');
    symlinkSync(outside, path.join(root, 'link'));
    const store = dataDirStore(root);
    expect(await store.get('link')).toBeNull();
    expect(await store.stat('link')).toBeNull();
    await expect(store.get('../secret')).rejects.toThrow();
  });

  it('a failed stream leaves nothing behind', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'orbit-store-'));
    const store = dataDirStore(root);
    const failing = new Readable({
      read() {
        this.push(Buffer.from('part'));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(store.put('broken', failing)).rejects.toThrow('connection lost');
    expect(await store.stat('broken')).toBeNull();
  });

  it('sniffs types from the bytes', () => {
    expect(sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffContentType(Buffer.from('GIF89a...'))).toBe('image/gif');
    expect(sniffContentType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffContentType(Buffer.from('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffContentType(Buffer.from('PK\u0003\u0004....word/document.xml'))).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(sniffContentType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('application/octet-stream');
    expect(sniffContentType(Buffer.alloc(0))).toBe('application/octet-stream');
  });
});
