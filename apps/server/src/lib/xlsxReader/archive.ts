import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import centralDirectory, { type ZipEntry, type ZipSource } from 'unzipper/lib/Open/directory.js';
import type { MessageKey } from '@orbit/shared/messages';

/** An uploaded workbook: the stored file's path, or its bytes (a request's file, at most UPLOAD_LIMIT_BYTES). */
export type WorkbookSource = string | Buffer;

/** Why an upload is no workbook this reader reads; each caller answers it with its own message. */
export type RefusalReason = 'notWorkbook' | 'tooLarge' | 'legacyXls';

export class WorkbookRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    detail?: string,
  ) {
    super(`workbook refused: ${reason}${detail ? ` (${detail})` : ''}`);
  }

  /** The message of the refusal; `unreadable` is the caller's own for a file that is no workbook. */
  messageKey(unreadable: MessageKey): MessageKey {
    if (this.reason === 'tooLarge') return 'validation.uploadTooLargeUnpacked';
    return this.reason === 'legacyXls' ? 'validation.uploadLegacyXls' : unreadable;
  }
}

/**
 * What the parts of one workbook may unpack to, counted as they are really inflated (never as the
 * zip declares them: a zip bomb declares what it likes). 20 MB of xlsx is rarely more than ~200 MB
 * of XML; the largest import the benchmark writes (100,000 rows) is under 60 MB.
 */
export const MAX_UNPACKED_BYTES = 512 * 1024 * 1024;

/** An xlsx is a zip archive: its first four bytes are a zip's local file header. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** The compound file of Excel 97–2003 (.xls), also what Excel makes of a password-protected .xlsx. */
const COMPOUND_FILE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export type WorkbookArchive = {
  /** An inflated part of the archive, or undefined when it has none by that name. */
  part(name: string): Readable | undefined;
  names(): string[];
  /** Closes every read of the file still open (a part whose parse failed half-way keeps its own). */
  close(): void;
};

async function head(source: WorkbookSource): Promise<{ size: number; bytes: Buffer }> {
  if (Buffer.isBuffer(source)) return { size: source.length, bytes: source.subarray(0, 8) };
  const file = await open(source, 'r');
  try {
    const bytes = Buffer.alloc(8);
    const { bytesRead } = await file.read(bytes, 0, 8, 0);
    return { size: (await file.stat()).size, bytes: bytes.subarray(0, bytesRead) };
  } finally {
    await file.close();
  }
}

/**
 * Inflates every file of the archive once, counting the bytes that really come out, and stops as
 * soon as they pass `limit`: a sheet of 600 MB of `<row r="3"/>` deflates to ~1 MB and can declare
 * any size in both of its headers. Inflating alone runs at some hundreds of MB a second, parsing
 * the XML at tens, so a bomb is refused in about a second, before any of it is parsed.
 */
async function measureUnpacked(entries: ZipEntry[], limit: number): Promise<void> {
  let unpacked = 0;
  for (const entry of entries) {
    const stream = entry.stream();
    try {
      for await (const chunk of stream) {
        unpacked += (chunk as Buffer).length;
        if (unpacked > limit) throw new WorkbookRefused('tooLarge', `over ${limit} bytes unpacked`);
      }
    } catch (error) {
      if (error instanceof WorkbookRefused) throw error;
      throw new WorkbookRefused('notWorkbook', `${entry.path}: ${(error as Error).message}`);
    } finally {
      stream.destroy();
    }
  }
}

/**
 * Opens an upload as a workbook's archive, by its bytes (never its name): a zip signature (the
 * compound file of a legacy .xls is told apart), a central directory naming `xl/workbook.xml`, and
 * parts that really unpack to at most `maxUnpackedBytes`. Throws WorkbookRefused otherwise.
 * The archive is read by its central directory, each part when it is asked for (docs/decisions.md,
 * "An upload is read by its zip's central directory").
 */
export async function openWorkbookArchive(source: WorkbookSource, maxUnpackedBytes = MAX_UNPACKED_BYTES): Promise<WorkbookArchive> {
  const { size, bytes } = await head(source);
  if (bytes.length === 8 && bytes.equals(COMPOUND_FILE_MAGIC)) throw new WorkbookRefused('legacyXls');
  if (size < 22 || !bytes.subarray(0, 4).equals(ZIP_MAGIC)) throw new WorkbookRefused('notWorkbook', 'no zip signature');

  const reads: Readable[] = [];
  const zipSource: ZipSource = {
    stream(offset: number, length?: number) {
      const end = length ? offset + length : undefined;
      const read = Buffer.isBuffer(source) ? Readable.from([source.subarray(offset, end === undefined ? undefined : end + 1)]) : createReadStream(source, { start: offset, end });
      reads.push(read);
      return read;
    },
    size: async () => size,
  };
  const close = () => {
    for (const read of reads) read.destroy();
    reads.length = 0;
  };
  try {
    let entries: ZipEntry[];
    try {
      entries = (await centralDirectory(zipSource)).files.filter((entry) => entry.type === 'File');
    } catch (error) {
      throw new WorkbookRefused('notWorkbook', (error as Error).message);
    }
    const byName = new Map(entries.map((entry) => [entry.path, entry]));
    if (!byName.has('xl/workbook.xml')) throw new WorkbookRefused('notWorkbook', 'no xl/workbook.xml');
    await measureUnpacked(entries, maxUnpackedBytes);
    return { part: (name) => byName.get(name)?.stream(), names: () => [...byName.keys()], close };
  } catch (error) {
    close();
    throw error;
  }
}
