/**
 * The jobs this process is running, as its heartbeat reports them. A job stays in the report
 * until one report after its handler returned: pg-boss marks the job completed (or failed) just
 * after that, and until then the job is still active and must not look abandoned.
 */
export class HeldJobs {
  readonly #running = new Set<string>();
  readonly #ended = new Set<string>();

  begin(id: string) {
    this.#running.add(id);
  }

  end(id: string) {
    this.#running.delete(id);
    this.#ended.add(id);
  }

  get running(): number {
    return this.#running.size;
  }

  /** The ids to report now; call `reported` once the report is stored, to drop the ended ones it carried. */
  report(): { ids: string[]; reported: () => void } {
    const ended = [...this.#ended];
    return {
      ids: [...new Set([...this.#running, ...ended])],
      reported: () => {
        for (const id of ended) this.#ended.delete(id);
      },
    };
  }
}
