import { notFound } from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { findThreadTexts } from './thread-text.repository.js';

export type ThreadText = {
  /** The mailbox the thread is in: who a reply comes from. */
  account: { email: string; name: string };
  messages: Array<{ id: string; subject: string; from: { name: string; address: string }; date: string | null; text: string }>;
};

/** The caller's thread that `messageId` belongs to, as text (copies in two folders once); 404 for anyone else's. */
export async function readThreadText(db: Kysely<DB>, actor: Actor, messageId: string, limit = 50): Promise<ThreadText> {
  const found = await findThreadTexts(db, { teamId: actor.teamId, userId: actor.userId }, messageId, limit);
  if (!found) throw notFound('Message');
  const seen = new Set<string>();
  const messages = found.rows
    .filter((r) => {
      if (!r.message_id) return true;
      if (seen.has(r.message_id)) return false;
      seen.add(r.message_id);
      return true;
    })
    .map((r) => ({ id: r.id, subject: r.subject, from: { name: r.from_name, address: r.from_address }, date: r.sent_at ? new Date(r.sent_at).toISOString() : null, text: r.text_body }));
  return { account: found.account, messages };
}
