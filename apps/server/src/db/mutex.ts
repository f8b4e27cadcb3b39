/** A FIFO async lock: PGlite has one connection, so every user of it takes turns. */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();
  #turns = 0;

  /** Turns asked for so far: a user that counts its own can tell whether anybody else took one. */
  get turns(): number {
    return this.#turns;
  }

  async acquire(): Promise<() => void> {
    this.#turns++;
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#tail;
    this.#tail = previous.then(() => next);
    await previous;
    return release;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}
