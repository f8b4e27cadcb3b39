/**
 * At most `limit` AI calls per team run at once in this process; the others wait their turn in
 * order. One team's burst (a bulk personalisation, a busy inbox) then cannot take every slot a
 * self-hosted model server has.
 */
export class TeamLimiter {
  private readonly teams = new Map<string, { active: number; waiting: Array<() => void> }>();

  constructor(private readonly limit: number) {}

  async run<T>(teamId: string, work: () => Promise<T>): Promise<T> {
    await this.acquire(teamId);
    try {
      return await work();
    } finally {
      this.release(teamId);
    }
  }

  /** Calls of the team now running, for tests and logs. */
  active(teamId: string): number {
    return this.teams.get(teamId)?.active ?? 0;
  }

  private acquire(teamId: string): Promise<void> {
    let slot = this.teams.get(teamId);
    if (!slot) this.teams.set(teamId, (slot = { active: 0, waiting: [] }));
    if (slot.active < this.limit) {
      slot.active += 1;
      return Promise.resolve();
    }
    const queue = slot.waiting;
    return new Promise((resolve) => queue.push(resolve));
  }

  private release(teamId: string) {
    const slot = this.teams.get(teamId);
    if (!slot) return;
    const next = slot.waiting.shift();
    // The slot passes straight to the next waiter: `active` stays the same.
    if (next) next();
    else if (--slot.active === 0) this.teams.delete(teamId);
  }
}
