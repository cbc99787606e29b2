import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Bytes of UTF-8 a table keeps in memory; past them its strings go to a temporary file. */
export const STRING_TABLE_MEMORY = 16 * 1024 * 1024;

/**
 * A list of strings read back by their index, kept compactly: UTF-8 one after the other in one
 * buffer, with a table of where each ends — a few bytes a string instead of a JS string each (an
 * xlsx of 100,000 rows has up to a million shared strings, far beyond a 96 MB heap as strings; and
 * strings sliced from the parser's chunks would keep the whole chunks alive). Past `memoryBytes`
 * the bytes so far are written to a temporary file and read from there. Each read answers a new
 * string, so holding one holds nothing else. `close()` removes the file.
 */
export class StringTable {
  #memory: Buffer;
  /** Bytes used in #memory; the bytes before them (`#spilled`) are in the file. */
  #used = 0;
  #spilled = 0;
  #ends = new Float64Array(1024);
  #count = 0;
  #file: { fd: number; path: string } | null = null;
  readonly #limit: number;

  constructor(memoryBytes = STRING_TABLE_MEMORY) {
    this.#limit = memoryBytes;
    this.#memory = Buffer.allocUnsafe(Math.min(64 * 1024, memoryBytes));
  }

  get size(): number {
    return this.#count;
  }

  push(text: string): void {
    // At most 3 bytes of UTF-8 per UTF-16 unit (a surrogate pair: 4 bytes for 2 units).
    const need = text.length * 3;
    if (this.#used + need > this.#memory.length) {
      if (this.#used + need <= this.#limit) this.#grow(Math.min(this.#limit, Math.max(this.#memory.length * 2, this.#used + need)));
      else {
        this.#spill();
        if (need > this.#memory.length) this.#grow(need);
      }
    }
    this.#used += this.#memory.write(text, this.#used, 'utf8');
    if (this.#count === this.#ends.length) {
      const ends = new Float64Array(this.#ends.length * 2);
      ends.set(this.#ends);
      this.#ends = ends;
    }
    this.#ends[this.#count++] = this.#spilled + this.#used;
  }

  /** The string at `index`, or undefined past the end. */
  get(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.#count) return undefined;
    const start = index ? this.#ends[index - 1]! : 0;
    const end = this.#ends[index]!;
    // A string is wholly in memory or wholly in the file: the buffer is only ever written out whole.
    if (start >= this.#spilled) return this.#memory.toString('utf8', start - this.#spilled, end - this.#spilled);
    const bytes = Buffer.allocUnsafe(end - start);
    readSync(this.#file!.fd, bytes, 0, bytes.length, start);
    return bytes.toString('utf8');
  }

  /** Removes the temporary file, if any. The table is empty afterwards. */
  close(): void {
    if (this.#file) {
      closeSync(this.#file.fd);
      unlinkSync(this.#file.path);
      this.#file = null;
    }
    this.#count = this.#used = this.#spilled = 0;
  }

  #grow(length: number) {
    const memory = Buffer.allocUnsafe(length);
    this.#memory.copy(memory, 0, 0, this.#used);
    this.#memory = memory;
  }

  #spill() {
    if (!this.#file) {
      const file = path.join(os.tmpdir(), `orbit-strings-${randomUUID()}`);
      this.#file = { fd: openSync(file, 'w+', 0o600), path: file };
    }
    for (let at = 0; at < this.#used; ) at += writeSync(this.#file.fd, this.#memory, at, this.#used - at, this.#spilled + at);
    this.#spilled += this.#used;
    this.#used = 0;
  }
}
