import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { AppError } from '@leadline/shared';
import { BOUNCE_REFUND_DAYS, bounceRefundDetail } from '@leadline/shared/campaigns/index';
import type { DB } from '../../db/schema.js';
import type { AppContext } from '../../lib/context.js';
import { writeEmailChecks } from '../contacts/index.js';
import { refundCharge } from '../credits/index.js';
import { findEmailCharge } from '../enrichment/index.js';
import { campaignSendEmail } from './campaigns.jobs.js';
import { addLeadEvent } from './campaigns.repository.js';
import * as exits from './exits.repository.js';

export type MailKind = 'hard-bounce' | 'soft-bounce' | 'auto-reply' | 'reply';

type Classified = Pick<exits.ScannedMessage, 'subject' | 'from_address' | 'text_body' | 'attachments'> & { auto_submitted?: boolean };

const DAEMON = /^(mailer-daemon|postmaster|mail-daemon|bounce[s]?)@/i;
const BOUNCE_SUBJECT = /(undeliver|delivery status notification|delivery failure|failure notice|returned mail|mail delivery failed|could not be delivered)/i;
const AUTO_SUBJECT = /^(auto(matic)?[ -]?reply|automatic response|out of (the )?office|ooo\b|away from|on vacation|abwesenheit|automatische antwort|r[ée]ponse automatique|absence)/i;
const AUTO_BODY = /(out of (the )?office|on (annual )?(leave|vacation|holiday)|away from (my|the) (desk|office)|limited access to (my )?e-?mail|i am currently away|i will be back|automatic reply)/i;
const STATUS_CODE = /\b([245])\.\d{1,3}\.\d{1,3}\b/;
// RFC 3464's per-recipient fields, which the parser leaves in the text when it inlines the report part.
const DSN_ACTION = /^Action:\s*(failed|delayed)\b/im;
const DSN_STATUS = /^Status:\s*([245])\.\d{1,3}\.\d{1,3}\b/im;

/**
 * What a received message means for a campaign: a delivery status notification (a report with
 * a message/delivery-status part, or a mailer daemon's failure notice) is a bounce, hard for a
 * 5.x.x status and soft for 4.x.x (checked first: reports carry Auto-Submitted too); a message
 * whose headers say a machine sent it (the sync's `auto_submitted`: Auto-Submitted, X-Autoreply,
 * X-Autorespond, Precedence: auto_reply) or out-of-office phrasing is an automatic reply;
 * anything else that answers a campaign email is a reply.
 */
export function classifyMail(message: Classified): MailKind {
  const isReport =
    message.attachments.some((a) => /^message\/(delivery-status|global-delivery-status)$/i.test(a.contentType)) || (DSN_ACTION.test(message.text_body) && DSN_STATUS.test(message.text_body));
  if (isReport || (DAEMON.test(message.from_address) && BOUNCE_SUBJECT.test(message.subject))) {
    const status = DSN_STATUS.exec(message.text_body)?.[1] ?? STATUS_CODE.exec(message.text_body)?.[1];
    return status === '4' ? 'soft-bounce' : 'hard-bounce';
  }
  if (message.auto_submitted || AUTO_SUBJECT.test(message.subject.trim()) || AUTO_BODY.test(message.text_body.slice(0, 2000))) return 'auto-reply';
  return 'reply';
}

/** Soft bounces retried before one counts as hard. */
export const SOFT_BOUNCE_RETRIES = 2;
const SOFT_RETRY_HOURS = 4;

/**
 * Reads each campaign mailbox's newly synced mail once (a cursor per mailbox) and applies the
 * exit rules: a reply stops the lead, an automatic reply postpones its next step, a hard bounce
 * marks the address invalid and stops the lead, a soft bounce sends the step again later.
 */
export async function detectExits(ctx: AppContext, now: Date, batch = 500): Promise<Record<MailKind, number>> {
  const counts: Record<MailKind, number> = { 'hard-bounce': 0, 'soft-bounce': 0, 'auto-reply': 0, reply: 0 };
  for (const mailbox of await exits.mailboxesToScan(ctx.db)) {
    for (;;) {
      const messages = await exits.messagesAfterScan(ctx.db, mailbox.id, batch);
      if (!messages.length) break;
      for (const message of messages) {
        if (message.from_address.toLowerCase() === mailbox.email_address.toLowerCase()) continue;
        const kind = classifyMail(message);
        const send =
          kind === 'hard-bounce' || kind === 'soft-bounce'
            ? await exits.sendNamedIn(ctx.db, mailbox.id, message.text_body)
            : ((await exits.sendAnswered(ctx.db, mailbox.id, [message.in_reply_to, ...message.references].filter((id): id is string => Boolean(id)))) ??
              (await exits.latestSendTo(ctx.db, mailbox.id, message.from_address)));
        if (!send) continue;
        await apply(ctx, kind, send, message.sent_at ?? now, now);
        counts[kind]++;
      }
      const last = messages.at(-1)!;
      await exits.saveScan(ctx.db, mailbox.id, last);
      if (messages.length < batch) break;
    }
  }
  return counts;
}

/** Gives back the credits of planned emails a stopped lead will not get (planning paid for them). */
async function refundDropped(trx: Kysely<DB>, dropped: Array<{ id: string; team_id: string; charge_id: string }>, why: string) {
  for (const send of dropped) {
    await refundCharge(trx, { teamId: send.team_id, chargeId: send.charge_id, idempotencyKey: `campaign-send-cancelled:${send.id}`, reason: `Campaign email not sent: ${why}` });
  }
}

async function apply(ctx: AppContext, kind: MailKind, send: exits.MatchedSend, at: Date, now: Date) {
  await ctx.db.transaction().execute(async (trx) => {
    if (kind === 'reply') {
      await exits.markReplied(trx, send.id, at);
      await refundDropped(trx, await exits.stopLead(trx, send.lead_id, 'replied', now), 'the lead replied');
      await addLeadEvent(trx, send.lead_id, 'replied', null, send.step_position, at);
      return;
    }
    if (kind === 'auto-reply') {
      await exits.postponeLead(trx, send.lead_id, send.auto_reply_delay_days, now);
      await addLeadEvent(trx, send.lead_id, 'auto_reply', `Next step postponed by ${send.auto_reply_delay_days} days`, send.step_position, at);
      return;
    }
    const soft = kind === 'soft-bounce' && (await exits.countSoftBounce(trx, send.lead_id)) <= SOFT_BOUNCE_RETRIES;
    if (soft && send.lead_status === 'active') {
      const dueAt = new Date(now.getTime() + SOFT_RETRY_HOURS * 3_600_000);
      const domain = send.to_address.split('@')[1] ?? 'localhost';
      await exits.retrySend(trx, send.id, send.lead_id, `<${crypto.randomUUID()}@${domain}>`, dueAt);
      await addLeadEvent(trx, send.lead_id, 'soft_bounce', 'Sending again later', send.step_position, at);
      await ctx.queue.send(campaignSendEmail, { sendId: send.id }, { trx, startAfterSeconds: SOFT_RETRY_HOURS * 3600 });
      return;
    }
    await exits.markBounced(trx, send.id, at);
    await refundDropped(trx, await exits.stopLead(trx, send.lead_id, 'bounced', now), 'the address bounced');
    await writeEmailChecks(trx, send.team_id, [{ contactId: send.contact_id, checks: [{ email: send.to_address, status: 'invalid', verifiedAt: now.toISOString() }] }]);
    await addLeadEvent(trx, send.lead_id, 'bounced', 'Email marked invalid', send.step_position, at);
    await refundBouncedEmail(trx, send, at, now);
  });
}

/**
 * Gives back the enrichment credits that bought a hard-bounced address, if they were spent in the
 * last BOUNCE_REFUND_DAYS days. Only the charge that bought that very address (case aside) is
 * refunded, not one that bought another address of the same contact. Keyed by the charge: the same address bouncing in two campaigns
 * refunds once.
 */
async function refundBouncedEmail(trx: Kysely<DB>, send: exits.MatchedSend, at: Date, now: Date) {
  const charge = await findEmailCharge(trx, send.team_id, send.contact_id, send.to_address);
  if (!charge || charge.chargedAt.getTime() < now.getTime() - BOUNCE_REFUND_DAYS * 86_400_000) return;
  try {
    const { entry, replayed } = await refundCharge(trx, { teamId: send.team_id, chargeId: charge.chargeId, idempotencyKey: `bounce-refund:${charge.chargeId}`, reason: `Email ${send.to_address} bounced` });
    if (!replayed) await addLeadEvent(trx, send.lead_id, 'refunded', bounceRefundDetail(entry.amount), send.step_position, at);
  } catch (error) {
    // Already refunded another way (a person did it): nothing is left to give back.
    if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
  }
}
