// unzipper ships no types: what lib/xlsxReader/archive.ts uses of its central-directory reader.
declare module 'unzipper/lib/Open/directory.js' {
  import type { Readable } from 'node:stream';

  export type ZipSource = { stream(offset: number, length?: number): Readable; size(): Promise<number> };
  export type ZipEntry = { path: string; type: 'File' | 'Directory'; stream(): Readable };
  export default function centralDirectory(source: ZipSource): Promise<{ files: ZipEntry[] }>;
}
