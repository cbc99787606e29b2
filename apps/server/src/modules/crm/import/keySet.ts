import { hash } from 'node:crypto';

/**
 * A set of strings kept as 64-bit hashes (the first 8 bytes of their SHA-1) in typed arrays: 16
 * bytes or less a key off the V8 heap, whatever the key's length — an import remembers the
 * duplicate key of every row it created, up to IMPORT_MAX_ROWS of them, under the server's 96 MB
 * heap. Two different keys share a hash with a chance of about n² / 2⁶⁵ (3 in 10¹⁰ at 100,000
 * keys): then the second would be taken for the first.
 */
export class KeySet {
  #hi = new Uint32Array(1024);
  #lo = new Uint32Array(1024);
  #size = 0;

  get size(): number {
    return this.#size;
  }

  add(key: string): void {
    const [hi, lo] = hashOf(key);
    if (this.#slot(hi, lo) >= 0) return;
    // At most half full: probes stay short.
    if ((this.#size + 1) * 2 > this.#hi.length) this.#grow();
    this.#insert(hi, lo);
    this.#size++;
  }

  has(key: string): boolean {
    const [hi, lo] = hashOf(key);
    return this.#slot(hi, lo) >= 0;
  }

  /** The slot holding this hash, or -1. */
  #slot(hi: number, lo: number): number {
    const mask = this.#hi.length - 1;
    for (let i = lo & mask; ; i = (i + 1) & mask) {
      if (this.#hi[i] === 0 && this.#lo[i] === 0) return -1;
      if (this.#hi[i] === hi && this.#lo[i] === lo) return i;
    }
  }

  #insert(hi: number, lo: number) {
    const mask = this.#hi.length - 1;
    let i = lo & mask;
    while (this.#hi[i] !== 0 || this.#lo[i] !== 0) i = (i + 1) & mask;
    this.#hi[i] = hi;
    this.#lo[i] = lo;
  }

  #grow() {
    const [his, los] = [this.#hi, this.#lo];
    this.#hi = new Uint32Array(his.length * 2);
    this.#lo = new Uint32Array(los.length * 2);
    for (let i = 0; i < his.length; i++) if (his[i] !== 0 || los[i] !== 0) this.#insert(his[i]!, los[i]!);
  }
}

/** A key's 64 bits as two halves; 0:0 marks an empty slot, so that hash is taken as 0:1. */
function hashOf(key: string): [number, number] {
  const digest = hash('sha1', key, 'buffer');
  const hi = digest.readUInt32LE(0);
  const lo = digest.readUInt32LE(4);
  return hi === 0 && lo === 0 ? [0, 1] : [hi, lo];
}
