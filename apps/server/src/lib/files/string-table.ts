/** Strings per block: each block is one joined string and the end offset of each of its strings. */
const BLOCK = 4096;

/**
 * An append-only list of strings stored compactly: blocks of 4,096 strings joined into one,
 * with their end offsets in a typed array. A workbook's shared strings are millions of short
 * texts; as separate strings each would cost some 20 bytes of header besides its text.
 */
export class StringTable {
  readonly #blocks: string[] = [];
  readonly #ends: Uint32Array[] = [];
  #current: string[] = [];
  #size = 0;

  get size() {
    return this.#size;
  }

  push(text: string) {
    this.#current.push(text);
    this.#size++;
    if (this.#current.length === BLOCK) this.#seal();
  }

  /** Makes every pushed string readable; call once pushing is done (and before `get`). */
  seal() {
    if (this.#current.length > 0) this.#seal();
  }

  #seal() {
    const ends = new Uint32Array(this.#current.length);
    let end = 0;
    for (let i = 0; i < this.#current.length; i++) ends[i] = end += this.#current[i]!.length;
    this.#blocks.push(this.#current.join(''));
    this.#ends.push(ends);
    this.#current = [];
  }

  /** The string at `index`; undefined past the end. */
  get(index: number): string | undefined {
    const block = this.#blocks[Math.floor(index / BLOCK)];
    if (block === undefined || !Number.isInteger(index) || index < 0) return undefined;
    const ends = this.#ends[Math.floor(index / BLOCK)]!;
    const i = index % BLOCK;
    if (i >= ends.length) return undefined;
    return block.slice(i === 0 ? 0 : ends[i - 1], ends[i]);
  }
}
