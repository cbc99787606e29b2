import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Bytes of UTF-8 a table keeps in memory; past them its strings go to a temporary file. */
export const STRING_TABLE_MEMORY = 16 * 1024 * 1024;
/** The strings' bytes are kept in chunks of this size (a longer string gets a chunk of its own). */
const CHUNK_BYTES = 1024 * 1024;

/** A chunk of bytes at its place in the table's byte space; `bytes` null once written to the file. */
type Chunk = { base: number; bytes: Buffer | null };

/**
 * A list of strings read back by their index, kept compactly: UTF-8 one after the other in chunks
 * of a megabyte, with where each starts and its length — a few bytes a string instead of a JS string
 * each (an xlsx of 100,000 rows may have a million shared strings, far beyond a 96 MB heap as JS
 * strings; and strings sliced from the parser's chunks would keep the whole chunks alive). Chunks
 * rather than one growing buffer: nothing is copied, and memory is allocated a megabyte at a time.
 * Past `memoryBytes` each filled chunk is written to a temporary file and read from there. Each read
 * answers a new string, so holding one holds nothing else. `close()` removes the file.
 */
export class StringTable {
  /** Each CHUNK-sized slot of the byte space: the chunk covering it (a long string's chunk covers several). */
  #slots: Chunk[] = [];
  #current: Chunk | null = null;
  /** Bytes used in the current chunk. */
  #used = 0;
  /** Bytes of chunks in memory. */
  #held = 0;
  #starts: Uint32Array = new Uint32Array(1024);
  #lengths: Uint32Array = new Uint32Array(1024);
  #count = 0;
  #file: { fd: number; path: string } | null = null;
  readonly #limit: number;
  readonly #chunkBytes: number;

  constructor(options: { memoryBytes?: number; chunkBytes?: number } = {}) {
    this.#limit = options.memoryBytes ?? STRING_TABLE_MEMORY;
    this.#chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
  }

  get size(): number {
    return this.#count;
  }

  push(text: string): void {
    // At most 3 bytes of UTF-8 per UTF-16 unit (a surrogate pair: 4 bytes for 2 units).
    const need = text.length * 3;
    if (!this.#current || this.#used + need > this.#current.bytes!.length) this.#open(need);
    const chunk = this.#current!;
    const length = chunk.bytes!.write(text, this.#used, 'utf8');
    if (this.#count === this.#starts.length) {
      this.#starts = grown(this.#starts);
      this.#lengths = grown(this.#lengths);
    }
    this.#starts[this.#count] = chunk.base + this.#used;
    this.#lengths[this.#count++] = length;
    this.#used += length;
  }

  /** The string at `index`, or undefined past the end. */
  get(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.#count) return undefined;
    const start = this.#starts[index]!;
    const length = this.#lengths[index]!;
    if (!length) return '';
    const chunk = this.#slots[Math.floor(start / this.#chunkBytes)]!;
    if (chunk.bytes) return chunk.bytes.toString('utf8', start - chunk.base, start - chunk.base + length);
    const bytes = Buffer.allocUnsafe(length);
    readSync(this.#file!.fd, bytes, 0, length, start);
    return bytes.toString('utf8');
  }

  /** Removes the temporary file, if any, and lets go of the bytes. The table is empty afterwards. */
  close(): void {
    if (this.#file) {
      closeSync(this.#file.fd);
      unlinkSync(this.#file.path);
      this.#file = null;
    }
    this.#slots = [];
    this.#current = null;
    this.#count = this.#used = this.#held = 0;
  }

  /** A new chunk for a string of up to `need` bytes; the one filled goes to the file when memory is used up. */
  #open(need: number) {
    const size = Math.max(1, Math.ceil(need / this.#chunkBytes)) * this.#chunkBytes;
    if (this.#current && this.#held + size > this.#limit) this.#spill(this.#current);
    const base = this.#slots.length * this.#chunkBytes;
    // Offsets are kept in 32 bits; an upload is far smaller (MAX_UNPACKED_BYTES).
    if (base + size > 0xffff_ffff) throw new Error('too many shared strings');
    const chunk: Chunk = { base, bytes: Buffer.allocUnsafeSlow(size) };
    for (let covered = 0; covered < size; covered += this.#chunkBytes) this.#slots.push(chunk);
    this.#current = chunk;
    this.#used = 0;
    this.#held += size;
  }

  #spill(chunk: Chunk) {
    if (!this.#file) {
      const file = path.join(os.tmpdir(), `orbit-strings-${randomUUID()}`);
      this.#file = { fd: openSync(file, 'w+', 0o600), path: file };
    }
    const bytes = chunk.bytes!;
    for (let at = 0; at < this.#used; ) at += writeSync(this.#file.fd, bytes, at, this.#used - at, chunk.base + at);
    this.#held -= bytes.length;
    chunk.bytes = null;
  }
}

function grown(array: Uint32Array): Uint32Array {
  const bigger = new Uint32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}
