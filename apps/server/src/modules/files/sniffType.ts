import { Transform } from 'node:stream';

/**
 * A file's type by its first bytes (magic numbers), never by its name or the client's Content-Type.
 * Only kinds the product treats differently are told apart: images and PDF (shown in the browser),
 * office documents and archives (downloaded); everything else is `application/octet-stream`.
 * HTML, SVG and scripts are deliberately not recognised: they are served as bytes to download.
 */
const ascii = (b: Buffer, at: number, text: string) => b.subarray(at, at + text.length).toString('latin1') === text;
const bytes = (b: Buffer, at: number, list: number[]) => list.every((v, i) => b[at + i] === v);

const KINDS: Array<{ type: string; test: (b: Buffer) => boolean }> = [
  { type: 'image/png', test: (b) => bytes(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', test: (b) => bytes(b, 0, [0xff, 0xd8, 0xff]) },
  { type: 'image/gif', test: (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a') },
  { type: 'image/webp', test: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') },
  { type: 'application/pdf', test: (b) => ascii(b, 0, '%PDF-') },
  // Office Open XML files are zip archives whose first entry names their kind ([Content_Types].xml, word/, xl/, ppt/).
  { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', test: (b) => ascii(b, 0, 'PK\u0003\u0004') && b.subarray(0, 2000).includes('word/') },
  { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', test: (b) => ascii(b, 0, 'PK\u0003\u0004') && b.subarray(0, 2000).includes('xl/') },
  { type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', test: (b) => ascii(b, 0, 'PK\u0003\u0004') && b.subarray(0, 2000).includes('ppt/') },
  { type: 'application/zip', test: (b) => ascii(b, 0, 'PK\u0003\u0004') || ascii(b, 0, 'PK\u0005\u0006') },
  { type: 'application/x-ole-storage', test: (b) => bytes(b, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) },
  { type: 'application/gzip', test: (b) => bytes(b, 0, [0x1f, 0x8b]) },
];

/** How many leading bytes `sniffContentType` reads. */
export const SNIFF_BYTES = 4096;

export function sniffContentType(head: Buffer): string {
  return KINDS.find((k) => k.test(head))?.type ?? 'application/octet-stream';
}

/**
 * A pass-through for a file on its way to the store that keeps its first bytes: `type()`, once the
 * file has gone through, is what `sniffContentType` makes of them (streamed, never held whole).
 */
export function sniffingTap(): { tap: Transform; type: () => string } {
  const head: Buffer[] = [];
  let length = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (length < SNIFF_BYTES) {
        head.push(chunk);
        length += chunk.length;
      }
      done(null, chunk);
    },
  });
  return { tap, type: () => sniffContentType(Buffer.concat(head).subarray(0, SNIFF_BYTES)) };
}
