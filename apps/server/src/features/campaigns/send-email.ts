import { AppError, CREDIT_COSTS } from '@leadline/shared';
import { CAMPAIGN_MESSAGES, leadWindow, stepDueAt } from '@leadline/shared/campaigns/index';
import type { AppContext } from '../../lib/context.js';
import type { WriteLane } from '../../lib/service-definition.js';
import { refundCharge, spendCredits } from '../credits/index.js';
import { campaignLinksSecret } from './link-secret.js';
import { sendChargeKey } from './send-charge.js';
import { findMailAccount, joinedAccount, plainTextOf, sendMail, syncMailboxOnce, type MailAccountRow } from '../mailboxes/index.js';
import { composeBody } from './campaign-body.js';
import * as repo from './campaigns.repository.js';
import * as sends from './sends.repository.js';
import { campaignSendEmail } from './campaigns.jobs.js';
import { unsubscribeToken } from './suppressions.service.js';
import { clickToken, openToken } from './tracking-links.js';

export type SendOutcome = 'sent' | 'already-sent' | 'released' | 'out-of-credits' | 'skipped' | 'failed';

/** SMTP attempts of one send before it counts as failed: the job's own retries. */
export const SEND_ATTEMPTS = (campaignSendEmail.retryLimit ?? 0) + 1;

type SmtpError = { responseCode?: number; response?: string; message?: string };

/**
 * What a failed SMTP attempt means. A 5xx answer is final: the server refused the message, so
 * it never went out. A 4xx answer is a refusal too, but worth retrying. Anything else (a
 * dropped connection, a timeout) may have happened after the server took the message.
 */
export function smtpFailure(error: unknown): { reason: string; permanent: boolean; refused: boolean } {
  const e = (error ?? {}) as SmtpError;
  const code = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const reason = (e.response ?? e.message ?? String(error)).slice(0, 1000);
  return { reason, permanent: code !== undefined && code >= 500, refused: code !== undefined && code >= 400 };
}

/** Writes each batch in a transaction of its own: enough for the rare one-off sync of a recovery. */
const directLane = (ctx: AppContext): WriteLane => ({
  async writeInBatches(rows, write, options) {
    const batchSize = options?.maxBatchSize ?? 200;
    let batch: any[] = [];
    let count = 0;
    let batches = 0;
    const flush = async () => {
      if (!batch.length) return;
      const current = batch;
      batch = [];
      await ctx.db.transaction().execute((trx) => write(trx, current));
      batches++;
    };
    for await (const row of rows as AsyncIterable<unknown>) {
      batch.push(row);
      count++;
      if (batch.length >= batchSize) await flush();
    }
    await flush();
    return { rows: count, batches };
  },
});

/**
 * The headers and parts of a campaign email: threading, the one-click unsubscribe of RFC 8058,
 * tracked links and the open pixel when the campaign asks, and the footer (campaign-body.ts).
 */
async function contentOf(ctx: AppContext, send: sends.SendContext, from: string) {
  const headers: Record<string, string> = {};
  if (send.in_reply_to) {
    headers['In-Reply-To'] = send.in_reply_to;
    headers.References = send.references.join(' ');
  }
  const base = ctx.config.publicUrl;
  let unsubscribeUrl: string | null = null;
  if (base) {
    const url = `${base}/unsubscribe/${await unsubscribeToken(ctx.db, send.id)}`;
    headers['List-Unsubscribe'] = `<${url}>, <mailto:${from}?subject=unsubscribe>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    if (send.unsubscribe_footer) unsubscribeUrl = url;
  } else headers['List-Unsubscribe'] = `<mailto:${from}?subject=unsubscribe>`;
  // Tracking needs addresses the recipient can reach: without a public URL nothing is tracked.
  const secret = base && (send.track_opens || send.track_clicks) ? await campaignLinksSecret(ctx.db) : null;
  const parts = composeBody({
    body: send.body,
    trackClick: secret && send.track_clicks ? (url) => `${base}/t/c/${clickToken(send.id, url, secret)}?u=${encodeURIComponent(url)}` : null,
    openPixel: secret && send.track_opens ? `${base}/t/o/${openToken(send.id, secret)}` : null,
    postalAddress: send.sender_postal_address,
    unsubscribeUrl,
    plainTextOf,
  });
  return { headers, ...parts };
}

/**
 * Sends one planned email at most once. The Message-ID was recorded when the email was
 * planned; an attempt marks the send `sending` (and pays for it) before the SMTP conversation,
 * so a later attempt that finds `sending` knows an earlier one may have reached the server and
 * first looks for that Message-ID in the mailbox's synced mail, syncing it once, before sending again.
 *
 * The common case, a first attempt at an email paid for when it was planned, takes one statement
 * before the SMTP conversation: the claim, which answers the send with what it needs and its
 * mailbox (sends.claimQueued). Every other case (a retry, a send no longer wanted, one not paid
 * for yet) goes the careful way below.
 */
export async function sendPlannedEmail(ctx: AppContext, sendId: string, now = () => new Date()): Promise<SendOutcome> {
  const claimed = await sends.claimQueued(ctx.db, sendId);
  if (claimed) return deliver(ctx, claimed, joinedAccount(claimed), { chargeId: claimed.charge_id!, attempt: claimed.attempts }, now);

  const send = await sends.findSendContext(ctx.db, sendId);
  if (!send || send.status === 'sent' || send.status === 'cancelled' || send.status === 'failed') return 'skipped';
  const account = send.mailbox_id ? await findMailAccount(ctx.db, send.mailbox_id) : undefined;
  const stillWanted = send.campaign_status === 'active' && send.lead_status === 'active' && account?.status === 'connected' && !send.suppressed;

  if (send.status === 'sending' && account) {
    if (!(await sends.syncedMessageExists(ctx.db, account.id, send.message_id))) await syncMailboxOnce(ctx, account, directLane(ctx));
    if (await sends.syncedMessageExists(ctx.db, account.id, send.message_id)) {
      await finish(ctx, send, now());
      return 'already-sent';
    }
  }
  if (!stillWanted || !account) {
    await release(ctx, send, now());
    return 'released';
  }

  const paid = await claim(ctx, send);
  if (!paid) {
    await ctx.db.transaction().execute(async (trx) => {
      await sends.pauseForReason(trx, send.campaign_id, CAMPAIGN_MESSAGES.outOfCredits);
      await sends.releaseSend(trx, send.id, send.lead_id, now());
    });
    return 'out-of-credits';
  }
  if (paid === 'gone') return 'skipped';
  return deliver(ctx, send, account, paid, now);
}

/** The SMTP conversation of a claimed, paid send, and what its answer means for the send. */
async function deliver(ctx: AppContext, send: sends.SendContext, account: MailAccountRow, paid: { chargeId: string; attempt: number }, now: () => Date): Promise<SendOutcome> {
  const { headers, text, html } = await contentOf(ctx, send, account.email_address);
  // The send is recorded the moment the server takes the message, before the copy is filed in
  // Sent: only a crash inside that one commit leaves a taken message unrecorded (see
  // docs/decisions.md, "exactly once under crashes").
  let accepted = false;
  let recorded = false;
  const record = async () => {
    await finish(ctx, send, now());
    recorded = true;
  };
  try {
    await sendMail(ctx, account, {
      to: [send.to_address],
      subject: send.subject,
      text,
      ...(html !== undefined ? { html } : {}),
      messageId: send.message_id,
      headers,
      onAccepted: async () => {
        accepted = true;
        await record();
      },
    });
  } catch (error) {
    // Taken by the server but not recorded (the database failed): record it, never send again.
    if (accepted) {
      if (!recorded) await record();
      return 'sent';
    }
    const failure = smtpFailure(error);
    if (!failure.permanent && paid.attempt < SEND_ATTEMPTS) throw error;
    await fail(ctx, send, paid.chargeId, failure, now());
    return 'failed';
  }
  return 'sent';
}

/**
 * Pays for an attempt and marks the send `sending`, in one transaction: the charge (2 credits,
 * keyed by the send, so an attempt after a crash finds the same one) and the claim. A send
 * already paid for is only claimed. Answers false when the team is out of credits, 'gone' when
 * the send is no longer queued or sending (another attempt recorded it).
 */
async function claim(ctx: AppContext, send: sends.SendContext): Promise<{ chargeId: string; attempt: number } | false | 'gone'> {
  if (send.charge_id) {
    const attempt = await sends.claimSend(ctx.db, send.id, send.charge_id);
    return attempt === undefined ? 'gone' : { chargeId: send.charge_id, attempt };
  }
  if (!send.created_by) return false;
  const createdBy = send.created_by;
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const { entry } = await spendCredits(trx, {
        teamId: send.team_id,
        userId: createdBy,
        action: 'manual_email',
        amount: CREDIT_COSTS.manualEmail,
        idempotencyKey: sendChargeKey(send.id),
        reason: `Campaign "${send.campaign_name}" email`,
      });
      const attempt = await sends.claimSend(trx, send.id, entry.id);
      // Rolls the charge back with the transaction.
      if (attempt === undefined) throw new SendGone();
      return { chargeId: entry.id, attempt };
    });
  } catch (error) {
    if (error instanceof SendGone) return 'gone';
    if (error instanceof AppError && error.code === 'INSUFFICIENT_CREDITS') return false;
    throw error;
  }
}

class SendGone extends Error {}

/**
 * Drops a send that is no longer wanted (campaign paused, lead stopped, address suppressed,
 * mailbox gone) and that no SMTP server took: its lead is due again, so a paused campaign's lead
 * gets its step when the campaign resumes. A send caught `sending` (an attempt cut short, not
 * found in the mailbox's Sent) is dropped the same way, and the credits paid for it go back.
 */
async function release(ctx: AppContext, send: sends.SendContext, at: Date) {
  await ctx.db.transaction().execute(async (trx) => {
    const chargeId = await sends.releaseSend(trx, send.id, send.lead_id, at);
    if (chargeId) {
      await refundCharge(trx, { teamId: send.team_id, chargeId, idempotencyKey: `campaign-send-released:${send.id}`, reason: `Campaign "${send.campaign_name}" email not sent` });
    }
  });
}

/**
 * Ends a send that will not go out: the send keeps the reason, its lead stops as `failed`, and
 * when the server answered with a refusal (so it never took the message) the 2 credits go back.
 */
async function fail(ctx: AppContext, send: sends.SendContext, chargeId: string, failure: ReturnType<typeof smtpFailure>, at: Date) {
  await ctx.db.transaction().execute(async (trx) => {
    await sends.markFailed(trx, send.id, send.lead_id, failure.reason, at);
    await repo.addLeadEvent(trx, send.lead_id, 'failed', failure.reason, send.step_position, at);
    if (failure.refused) {
      await refundCharge(trx, { teamId: send.team_id, chargeId, idempotencyKey: `campaign-send-failed:${send.id}`, reason: `Campaign "${send.campaign_name}" email not sent` });
    }
  });
}

/** Records the send as sent and moves its lead to the next step, due its delay after now. */
async function finish(ctx: AppContext, send: sends.SendContext, at: Date) {
  const next = send.next_position === null ? null : { position: send.next_position, at: stepDueAt(at, send.next_delay_days ?? 0, send.next_business_days ?? false, leadWindow(send.schedule, send)) };
  await sends.recordSent(ctx.db, { id: send.id, leadId: send.lead_id, subject: send.subject, messageId: send.message_id, stepPosition: send.step_position }, next, at);
}
