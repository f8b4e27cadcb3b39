/**
 * Which connected mailbox sends a lead's next email, and when: each mailbox keeps under its
 * daily capacity (counted over every campaign), and two of its sends are at least the gap apart
 * plus a random jitter. Pure, so the scheduler's clock and randomness can be injected.
 */

export type MailboxSlot = { id: string; domain: string; capacity: number; used: number; lastAt: number | null };

export type Pick = { slot: MailboxSlot; at: number };

/**
 * The mailbox that can send soonest (fewest sends today on a tie), or null when none can send
 * within `horizonMs` of now. A lead with an ongoing thread keeps its mailbox (`onlyId`).
 */
export function pickMailbox(
  slots: MailboxSlot[],
  options: { now: number; gapMs: number; jitterMs: number; horizonMs: number; random: () => number; onlyId?: string | null },
): Pick | null {
  const jitter = options.random() * options.jitterMs;
  let best: Pick | null = null;
  for (const slot of slots) {
    if (options.onlyId && slot.id !== options.onlyId) continue;
    if (slot.used >= slot.capacity) continue;
    const at = Math.max(options.now, slot.lastAt === null ? options.now : slot.lastAt + options.gapMs + jitter);
    if (!best || at < best.at || (at === best.at && slot.used < best.slot.used)) best = { slot, at };
  }
  if (!best || best.at > options.now + options.horizonMs) return null;
  return best;
}

/** Books a send on the picked mailbox. */
export function book(pick: Pick) {
  pick.slot.used++;
  pick.slot.lastAt = pick.at;
}
