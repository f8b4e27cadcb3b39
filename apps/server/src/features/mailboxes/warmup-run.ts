/**
 * One warm-up round, run by the scheduled job every few minutes:
 * 1. each active warm-up whose month is not paid pays it, or pauses when credits fall short;
 * 2. each sends its share of today's ramp so far (spread over the day) to pool partners, a
 *    row written before the SMTP send so a retried round never exceeds the day's number;
 * 3. each recipient mailbox tends what it received: finds the message by its warm-up header,
 *    moves it out of Junk (where it counts as landed in spam), marks it read and important
 *    (\Flagged), answers some of them, then files it in Archive, out of the owner's way.
 * A mailbox that fails (unreachable, login refused) is skipped until the next round.
 */
import crypto from 'node:crypto';
import { warmupDailyTarget } from '@leadline/shared';
import type { ImapFlow } from 'imapflow';
import type { AppContext } from '../../lib/context.js';
import { sendMail } from './mail-send.js';
import { withMailboxSession } from './mailbox-session.js';
import { chooseFolders } from './mailbox-sync.js';
import { WARMUP_HEADER } from './message-parse.js';
import * as mailRepo from './mailboxes.repository.js';
import { warmupMessage, warmupReply } from './warmup-content.js';
import { chargeWarmupMonth, monthOf, startOfUtcDay, warmupDay } from './warmup.service.js';
import * as repo from './warmup.repository.js';

/** At most this many messages per mailbox per round, so a late round does not burst. */
const MAX_SENDS_PER_ROUND = 5;
const MAX_TENDED_PER_ROUND = 20;
/** The share of received warm-up messages that get an answer. */
const REPLY_SHARE = 0.5;

export type WarmupRoundReport = { charged: number; paused: number; sent: number; tended: number; rescuedFromJunk: number; replied: number; failures: string[] };

/** How many of today's `target` messages should have gone by `now` (spread over the UTC day). */
export function dueByNow(target: number, now: Date): number {
  const elapsed = (now.getTime() - startOfUtcDay(now).getTime()) / (24 * 60 * 60 * 1000);
  return Math.min(target, Math.ceil(target * elapsed));
}

export async function runWarmupRound(ctx: AppContext, now = new Date()): Promise<WarmupRoundReport> {
  const report: WarmupRoundReport = { charged: 0, paused: 0, sent: 0, tended: 0, rescuedFromJunk: 0, replied: 0, failures: [] };
  const active = [];
  for (const w of await repo.activeWarmups(ctx.db)) {
    if (w.charged_month === monthOf(now)) {
      active.push(w);
      continue;
    }
    try {
      await ctx.db.transaction().execute(async (trx) => {
        const month = await chargeWarmupMonth(trx, { id: w.account_id, team_id: w.team_id, user_id: w.user_id }, now);
        await repo.updateWarmup(trx, w.account_id, { charged_month: month });
      });
      report.charged += 1;
      active.push(w);
    } catch (error) {
      if ((error as { code?: string }).code !== 'INSUFFICIENT_CREDITS') throw error;
      await repo.updateWarmup(ctx.db, w.account_id, { status: 'paused', paused_reason: (error as Error).message });
      report.paused += 1;
    }
  }
  for (const w of active) {
    try {
      report.sent += await sendDue(ctx, w, now);
    } catch (error) {
      report.failures.push(`${w.email_address}: ${(error as Error).message}`);
    }
  }
  for (const w of active) {
    try {
      const tended = await tendReceived(ctx, w);
      report.tended += tended.tended;
      report.rescuedFromJunk += tended.rescued;
      report.replied += tended.replied;
    } catch (error) {
      report.failures.push(`${w.email_address}: ${(error as Error).message}`);
    }
  }
  return report;
}

async function sendDue(ctx: AppContext, w: repo.ActiveWarmup, now: Date): Promise<number> {
  const target = warmupDailyTarget(warmupDay(new Date(w.started_at), now));
  const sent = await repo.countSent(ctx.db, w.account_id, startOfUtcDay(now));
  const due = Math.min(MAX_SENDS_PER_ROUND, dueByNow(target, now) - sent);
  if (due <= 0) return 0;
  const partners = await repo.poolPartners(ctx.db, w);
  if (partners.length === 0) return 0;
  const account = (await mailRepo.findAccount(ctx.db, w.account_id))!;
  const name = `${w.first_name} ${w.last_name}`;
  let done = 0;
  for (let i = 0; i < due; i++) {
    const partner = partners[(sent + i) % partners.length]!;
    const token = crypto.randomUUID();
    const content = warmupMessage(token, { name }, { name: `${partner.first_name} ${partner.last_name}` });
    const messageId = `<${token}@${w.email_address.split('@')[1]}>`;
    await repo.insertMessage(ctx.db, { token, senderId: w.account_id, recipientId: partner.id, messageId, subject: content.subject, isReply: false, wantsReply: Math.random() < REPLY_SHARE });
    try {
      await sendMail(ctx, account, { to: [partner.email_address], subject: content.subject, text: content.text, messageId, headers: { [WARMUP_HEADER]: token } });
    } catch (error) {
      await repo.deleteMessage(ctx.db, token);
      throw error;
    }
    done += 1;
  }
  return done;
}

/** The UID of the message carrying this warm-up token in `path`, if it is there. */
async function findByToken(client: ImapFlow, path: string, token: string): Promise<number | null> {
  const lock = await client.getMailboxLock(path);
  try {
    const uids = (await client.search({ header: { [WARMUP_HEADER.toLowerCase()]: token } }, { uid: true })) || [];
    return uids[0] ?? null;
  } finally {
    lock.release();
  }
}

async function tendReceived(ctx: AppContext, w: repo.ActiveWarmup) {
  const waiting = await repo.untendedFor(ctx.db, w.account_id, MAX_TENDED_PER_ROUND);
  const result = { tended: 0, rescued: 0, replied: 0 };
  if (waiting.length === 0) return result;
  const account = (await mailRepo.findAccount(ctx.db, w.account_id))!;
  const answers: typeof waiting = [];
  await withMailboxSession(ctx, account, async (client) => {
    const folders = new Map(chooseFolders(await client.list()).map((f) => [f.specialUse, f.path]));
    const inbox = folders.get('inbox')!;
    for (const m of waiting) {
      let landed: 'inbox' | 'junk' = 'inbox';
      let uid = await findByToken(client, inbox, m.token);
      const junk = folders.get('junk');
      if (uid === null && junk) {
        const inJunk = await findByToken(client, junk, m.token);
        if (inJunk !== null) {
          landed = 'junk';
          // "Not spam": back to the inbox, which is what teaches the receiver's filter.
          const lock = await client.getMailboxLock(junk);
          try {
            const moved = await client.messageMove(String(inJunk), inbox, { uid: true });
            uid = moved && moved.uidMap ? (moved.uidMap.get(inJunk) ?? null) : null;
          } finally {
            lock.release();
          }
          if (uid === null) uid = await findByToken(client, inbox, m.token);
          result.rescued += 1;
        }
      }
      if (uid === null) continue; // not delivered yet: next round
      const lock = await client.getMailboxLock(inbox);
      try {
        await client.messageFlagsAdd(String(uid), ['\\Seen', '\\Flagged'], { uid: true });
        const archive = folders.get('archive');
        if (archive) await client.messageMove(String(uid), archive, { uid: true });
      } finally {
        lock.release();
      }
      await repo.markTended(ctx.db, m.token, landed);
      result.tended += 1;
      if (m.wants_reply && !m.is_reply) answers.push(m);
    }
  });
  const name = `${w.first_name} ${w.last_name}`;
  for (const m of answers) {
    const token = `${crypto.randomUUID()}`;
    const messageId = `<${token}@${w.email_address.split('@')[1]}>`;
    await repo.insertMessage(ctx.db, { token, senderId: w.account_id, recipientId: m.sender_account_id, messageId, subject: `Re: ${m.subject}`, isReply: true, wantsReply: false });
    await sendMail(ctx, account, {
      to: [m.sender_email],
      subject: `Re: ${m.subject}`,
      text: warmupReply(token, { name }, { name: m.sender_name }),
      messageId,
      inReplyTo: { messageId: m.message_id, references: [] },
      headers: { [WARMUP_HEADER]: token },
    }).catch(async (error: unknown) => {
      await repo.deleteMessage(ctx.db, token);
      throw error;
    });
    result.replied += 1;
  }
  return result;
}
