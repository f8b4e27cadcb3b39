import crypto from 'node:crypto';
import { CREDIT_COSTS } from '@leadline/shared';
import { CAMPAIGN_MESSAGES, inWindow, leadWindow, localDayStart, nextWindowTime } from '@leadline/shared/campaigns/index';
import type { AppContext } from '../../lib/context.js';
import { sendJobs } from '../../lib/job-definition.js';
import { refundCharge, spendCreditsMany } from '../credits/index.js';
import { chooseVariant, renderStep, variablesOf } from './campaign-steps.js';
import { campaignSendEmail } from './campaigns.jobs.js';
import { detectExits, type MailKind } from './exits.js';
import * as repo from './campaigns.repository.js';
import { book, pickMailbox, type MailboxSlot } from './mailbox-rotation.js';
import { sendChargeKey } from './send-charge.js';
import * as sends from './sends.repository.js';
import * as tasks from './tasks.repository.js';

export type TickOptions = {
  now: Date;
  /** In [0, 1): the jitter's randomness, injected by tests. */
  random?: () => number;
  /** How far ahead a tick books sends (the tick's period). */
  horizonSeconds?: number;
  /** Most emails one campaign plans per tick. */
  batch?: number;
};

export type TickResult = { planned: number; tasks: number; exits: Record<MailKind, number> };

const DAY_MS = 86_400_000;
const utcDayStart = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
const domainOf = (address: string) => address.split('@')[1] ?? 'localhost';

/**
 * One scheduler tick: for each active campaign inside its sending window, plans the emails of
 * its due leads within its daily limit, each on a mailbox with capacity left today (counted
 * across campaigns, over the UTC day) at least the gap after that mailbox's previous send, and
 * enqueues their sends to start at that time. A send row is unique per (lead, step), so a
 * repeated or concurrent tick never plans an email twice; a tick that dies leaves nothing half done.
 * Before planning, it applies the exits found in the mailboxes' newly synced mail (exits.ts).
 */
export async function runTick(ctx: AppContext, options: TickOptions): Promise<TickResult> {
  const { now } = options;
  const random = options.random ?? Math.random;
  const horizonMs = (options.horizonSeconds ?? 60) * 1000;
  // Exits first, so a lead that answered since the last tick gets nothing more.
  const result: TickResult = { planned: 0, tasks: 0, exits: await detectExits(ctx, now) };
  // Mailboxes shared by several campaigns keep one state through the tick.
  const slots = new Map<string, MailboxSlot>();

  for (const campaign of await sends.activeCampaigns(ctx.db)) {
    if (await sends.hasDynamicList(ctx.db, campaign.id)) await repo.enrolLeads(ctx.db, campaign, now, 0);
    const steps = await repo.findSteps(ctx.db, campaign.id);
    // With lead time zones, each lead's window is checked below; the campaign's own is not the only one.
    const perLead = campaign.schedule.useLeadTimezone;
    if (!perLead && !inWindow(now, campaign.schedule)) continue;
    const sentToday = await sends.campaignSendsSince(ctx.db, campaign.id, localDayStart(now, campaign.schedule.timezone));
    let remaining = Math.min(campaign.daily_limit - sentToday, options.batch ?? 500);
    if (remaining <= 0) continue;

    const loads = await sends.mailboxLoads(ctx.db, campaign.id, utcDayStart(now));
    const own: MailboxSlot[] = loads.map((m) => {
      let slot = slots.get(m.id);
      if (!slot) {
        slot = { id: m.id, domain: domainOf(m.email_address), capacity: m.daily_capacity, used: Number(m.used ?? 0) + Number(m.manual ?? 0), lastAt: m.last_due_at ? new Date(m.last_due_at).getTime() : null };
        slots.set(m.id, slot);
      }
      return slot;
    });
    const senderName = new Map(loads.map((m) => [m.id, m.name || null]));

    const planned: sends.NewSend[] = [];
    for (const lead of await sends.dueLeads(ctx.db, campaign.id, now, remaining)) {
      if (perLead) {
        const window = leadWindow(campaign.schedule, { country: lead.country, region: lead.state, city: lead.city });
        if (!inWindow(now, window)) {
          await sends.deferLead(ctx.db, lead.id, nextWindowTime(now, window));
          continue;
        }
      }
      const position = lead.next_position ?? 0;
      const step = steps.find((s) => s.position === position);
      if (!step) {
        await sends.advanceLead(ctx.db, lead.id, null);
        continue;
      }
      if (step.type !== 'email') {
        // Until the LinkedIn and dialer features exist, these steps are tasks a person marks
        // done (tasks.service.ts); the lead waits for that, with no due time.
        await ctx.db.transaction().execute(async (trx) => {
          const opened = await tasks.insertTask(trx, { campaignId: campaign.id, leadId: lead.id, teamId: campaign.team_id, stepPosition: position, type: step.type, instructions: step.body });
          if (opened) await repo.addLeadEvent(trx, lead.id, `task:${step.type}`, step.body, position, now);
          await sends.waitForTask(trx, lead.id);
        });
        result.tasks++;
        continue;
      }
      const pick = pickMailbox(own, {
        now: now.getTime(),
        gapMs: campaign.min_gap_seconds * 1000,
        jitterMs: campaign.jitter_seconds * 1000,
        horizonMs,
        random,
        onlyId: lead.thread_message_ids.length ? lead.mailbox_id : null,
      });
      if (!pick) continue;
      const variant = chooseVariant(lead.id, position, step.variants?.map((v) => v.weight) ?? []);
      const rendered = renderStep(step, variant, variablesOf(lead, lead.email, senderName.get(pick.slot.id) ?? null), lead.thread_subject);
      const inThread = rendered.inThread && lead.thread_message_ids.length > 0;
      book(pick);
      planned.push({
        campaignId: campaign.id,
        leadId: lead.id,
        teamId: campaign.team_id,
        stepPosition: position,
        variant: rendered.variant,
        mailboxId: pick.slot.id,
        messageId: `<${crypto.randomUUID()}@${pick.slot.domain}>`,
        to: lead.email ?? '',
        subject: rendered.subject,
        body: rendered.body,
        inReplyTo: inThread ? (lead.thread_message_ids.at(-1) ?? null) : null,
        references: inThread ? lead.thread_message_ids : [],
        dueAt: new Date(pick.at),
      });
      if (--remaining <= 0) break;
    }
    result.planned += await plan(ctx, campaign, planned, now);
    await sends.completeIfDone(ctx.db, campaign.id, now);
  }
  return result;
}

/** Planning's transaction rolls back: the campaign left `active` while the tick planned it. */
class NoLongerActive extends Error {}

/**
 * Writes a campaign's planned emails of one tick in one transaction: their payment first (2
 * credits each, keyed by the send as the send job would key it, one statement), then the sends,
 * each with its charge, in one statement, their leads in another, and a send job each in a
 * fourth, each job starting when its email is due. A (lead, step) that already has a send (a
 * concurrent tick got there first) gets no second one, and its payment goes back. When the
 * credits run out part way, the emails they do not cover are not planned (their leads stay due)
 * and the campaign pauses with the reason, unless payments given back that way cover them. A
 * planned email that is then not sent (the campaign paused, the lead replied) gets its credits
 * back (send-email.ts, release; exits.ts).
 */
async function plan(ctx: AppContext, campaign: { id: string; team_id: string; name: string; created_by: string | null }, planned: sends.NewSend[], now: Date): Promise<number> {
  if (planned.length === 0) return 0;
  const dueAt = new Map(planned.map((p) => [p.leadId, p.dueAt.getTime()]));
  const planning = ctx.db.transaction().execute(async (trx) => {
    // Each send's id is chosen here, so it is paid for (keyed by it) before it is written, and
    // written once, with its charge: a later update of the row then stays on its page (HOT).
    let pending: Array<sends.NewSend & { id: string }> = planned.map((p) => ({ ...p, id: crypto.randomUUID() }));
    const made: Awaited<ReturnType<typeof sends.insertSends>> = [];
    let locked = false;
    while (pending.length > 0) {
      let toWrite: Array<sends.NewSend & { id: string; chargeId?: string }> = pending;
      let unpaid: typeof pending = [];
      if (campaign.created_by) {
        const charges = await spendCreditsMany(trx, {
          teamId: campaign.team_id,
          userId: campaign.created_by,
          action: 'manual_email',
          charges: pending.map((p) => ({ amount: CREDIT_COSTS.manualEmail, idempotencyKey: sendChargeKey(p.id), reason: `Campaign "${campaign.name}" email` })),
        });
        unpaid = pending.filter((p) => !charges.has(sendChargeKey(p.id)));
        toWrite = pending.filter((p) => charges.has(sendChargeKey(p.id))).map((p) => ({ ...p, chargeId: charges.get(sendChargeKey(p.id))!.entry.id }));
      }
      // The campaign is locked after the payment and before the leads (the insert), the order
      // archiving and deleting take them in: one paused, archived or deleted since this tick read
      // it gets nothing (its payment rolls back), and the pause below cannot deadlock with them.
      if (!locked) {
        locked = true;
        const current = await repo.findCampaign(trx, campaign.team_id, campaign.id, { forUpdate: true });
        if (current?.status !== 'active') throw new NoLongerActive();
      }
      const written = await sends.insertSends(trx, toWrite);
      made.push(...written);
      // A (lead, step) planned by a concurrent tick meanwhile: this one was paid for and not written.
      const writtenIds = new Set(written.map((m) => m.id));
      const twice = toWrite.filter((p) => p.chargeId && !writtenIds.has(p.id));
      for (const p of twice) {
        await refundCharge(trx, { teamId: campaign.team_id, chargeId: p.chargeId!, idempotencyKey: `campaign-send-not-planned:${p.id}`, reason: `Campaign "${campaign.name}" email planned twice` });
      }
      // What the credits do not cover is not planned (those leads stay due), unless what was just
      // given back pays for some of it: a duplicate paid first must not pause the campaign.
      if (unpaid.length > 0 && twice.length === 0) await sends.pauseForReason(trx, campaign.id, CAMPAIGN_MESSAGES.outOfCredits);
      pending = twice.length > 0 ? unpaid : [];
    }
    const jobs = made.map((m) => ({ payload: { sendId: m.id }, startAfterSeconds: Math.max(0, Math.ceil((dueAt.get(m.lead_id)! - now.getTime()) / 1000)) }));
    await sendJobs(ctx.queue, campaignSendEmail, jobs, { trx });
    return made.length;
  });
  return planning.catch((error: unknown) => {
    if (error instanceof NoLongerActive) return 0;
    throw error;
  });
}
