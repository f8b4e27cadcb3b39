import { AppError, notFound } from '@leadline/shared';
import { CAMPAIGN_MESSAGES, CAMPAIGN_SKIP_REASONS, renderTemplate, type CampaignCounts, type CampaignCreateBody, type CampaignDto, type CampaignLeadDto, type CampaignLeadStatus, type CampaignStatus, type CampaignStepInput, type CampaignSummaryDto, type CampaignUpdateBody } from '@leadline/shared/campaigns/index';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import * as repo from './campaigns.repository.js';
import * as sends from './sends.repository.js';
import { refundCharge } from '../credits/index.js';
import { findContactById } from '../contacts/index.js';
import { firstDueAt, renderStep, variablesOf } from './campaign-steps.js';

const EMPTY_SEND_COUNTS = { sent: 0, opened: 0, clicked: 0, replied: 0, bounced: 0, unsubscribed: 0 };

const stepValues = (steps: CampaignStepInput[]): repo.StepValues[] =>
  steps.map((s) => ({
    type: s.type,
    delayDays: s.delayDays,
    businessDays: s.businessDays,
    subject: s.type === 'email' && !s.variants?.length ? (s.subject ?? null) : null,
    body: s.variants?.length ? null : (s.body ?? null),
    variants: s.type === 'email' && s.variants?.length ? s.variants : null,
    newThread: s.newThread,
  }));

const valuesOf = (body: CampaignUpdateBody): Partial<repo.CampaignValues> => ({
  name: body.name,
  schedule: body.schedule,
  dailyLimit: body.dailyLimit,
  minGapSeconds: body.minGapSeconds,
  jitterSeconds: body.jitterSeconds,
  autoReplyDelayDays: body.autoReplyDelayDays,
  allowActiveElsewhere: body.allowActiveElsewhere,
  trackOpens: body.trackOpens,
  trackClicks: body.trackClicks,
  unsubscribeFooter: body.unsubscribeFooter,
});

async function requireLists(db: Kysely<DB>, actor: Actor, listIds: string[]) {
  const unique = [...new Set(listIds)];
  const found = await repo.findTeamLists(db, actor.teamId, unique);
  if (found.length !== unique.length) throw new AppError('NOT_FOUND', CAMPAIGN_MESSAGES.unknownList, { field: 'listIds' });
  return unique;
}

async function requireMailboxes(db: Kysely<DB>, actor: Actor, addresses: string[]) {
  const found = await repo.findTeamMailboxes(db, actor.teamId, addresses);
  const known = new Set(found.map((m) => m.email_address.toLowerCase()));
  const missing = addresses.findIndex((a) => !known.has(a.toLowerCase()));
  if (missing >= 0) throw new AppError('VALIDATION_FAILED', `mailboxes.${missing}: ${CAMPAIGN_MESSAGES.unknownMailbox}`, { field: `mailboxes.${missing}` });
  return found.map((m) => m.id);
}

export async function requireCampaign(db: Kysely<DB>, actor: Actor, id: string) {
  const campaign = await repo.findCampaign(db, actor.teamId, id);
  if (!campaign) throw notFound('Campaign');
  return campaign;
}

const conflict = (message: string) => new AppError('CONFLICT', message);

export async function createCampaign(db: Kysely<DB>, actor: Actor, body: CampaignCreateBody): Promise<CampaignDto> {
  const listIds = await requireLists(db, actor, body.listIds);
  const mailboxIds = await requireMailboxes(db, actor, body.mailboxes);
  const id = await db.transaction().execute(async (trx) => {
    const row = await repo.insertCampaign(trx, actor.teamId, actor.userId, valuesOf(body) as repo.CampaignValues);
    await repo.setLists(trx, row.id, listIds);
    await repo.setMailboxes(trx, row.id, mailboxIds);
    await repo.replaceSteps(trx, row.id, stepValues(body.steps));
    await repo.recountListSequences(trx, listIds);
    return row.id;
  });
  return getCampaign(db, actor, id);
}

/**
 * Changes a campaign. A draft changes freely; once launched, steps some lead has reached are
 * kept as they are (the body must still hold them) and only later steps change.
 */
export async function updateCampaign(db: Kysely<DB>, actor: Actor, id: string, body: CampaignUpdateBody): Promise<CampaignDto> {
  const campaign = await requireCampaign(db, actor, id);
  if (campaign.status === 'archived') throw conflict(CAMPAIGN_MESSAGES.archivedReadOnly);
  const listIds = body.listIds ? await requireLists(db, actor, body.listIds) : undefined;
  const mailboxIds = body.mailboxes ? await requireMailboxes(db, actor, body.mailboxes) : undefined;
  await db.transaction().execute(async (trx) => {
    await repo.findCampaign(trx, actor.teamId, id, { forUpdate: true });
    await repo.updateCampaign(trx, id, valuesOf(body));
    if (listIds) {
      const before = await repo.listIdsOf(trx, id);
      await repo.setLists(trx, id, listIds);
      await repo.recountListSequences(trx, [...new Set([...before, ...listIds])]);
    }
    if (mailboxIds) await repo.setMailboxes(trx, id, mailboxIds);
    if (body.steps) {
      const locked = campaign.status === 'draft' ? 0 : await repo.reachedSteps(trx, id);
      if (body.steps.length < locked) throw conflict(CAMPAIGN_MESSAGES.activeStepsLocked);
      await repo.replaceSteps(trx, id, stepValues(body.steps), locked);
    }
  });
  return getCampaign(db, actor, id);
}

export async function deleteCampaign(db: Kysely<DB>, actor: Actor, id: string) {
  return db.transaction().execute(async (trx) => {
    const listIds = await repo.listIdsOf(trx, id);
    // Planning paid for the emails it planned: those not sent yet give their credits back.
    for (const send of await sends.paidQueuedSends(trx, actor.teamId, id)) {
      await refundCharge(trx, { teamId: send.team_id, chargeId: send.charge_id, idempotencyKey: `campaign-send-deleted:${send.id}`, reason: 'Campaign email not sent: the campaign was deleted' });
    }
    const deleted = await repo.deleteCampaign(trx, actor.teamId, id);
    if (!deleted) throw notFound('Campaign');
    await repo.recountListSequences(trx, listIds);
    return { id: deleted.id };
  });
}

/** Moves a campaign between states, checked under a row lock so two clicks cannot both pass. */
async function transition(db: Kysely<DB>, actor: Actor, id: string, from: CampaignStatus[], to: CampaignStatus, refusal: string, then?: (trx: Kysely<DB>, campaign: repo.CampaignRow) => Promise<void>) {
  await db.transaction().execute(async (trx) => {
    const campaign = await repo.findCampaign(trx, actor.teamId, id, { forUpdate: true });
    if (!campaign) throw notFound('Campaign');
    if (!from.includes(campaign.status)) throw conflict(refusal);
    await then?.(trx, campaign);
    await repo.setStatus(trx, id, to, null, to === 'active' && campaign.status === 'draft' ? { launchedAt: new Date() } : {});
  });
  return getCampaign(db, actor, id);
}

/** Launches a draft: enrols its lists' contacts (skipped ones with the reason) and starts sending. */
export async function launchCampaign(db: Kysely<DB>, actor: Actor, id: string, now = new Date()) {
  return transition(db, actor, id, ['draft'], 'active', CAMPAIGN_MESSAGES.notDraft, async (trx, campaign) => {
    const steps = await repo.findSteps(trx, id);
    if (!steps.length) throw new AppError('VALIDATION_FAILED', CAMPAIGN_MESSAGES.stepsRequired, { field: 'steps' });
    const mailboxes = await repo.findMailboxes(trx, id);
    if (!mailboxes.some((m) => m.status === 'connected')) throw new AppError('VALIDATION_FAILED', CAMPAIGN_MESSAGES.mailboxesRequired, { field: 'mailboxes' });
    await repo.enrolLeads(trx, campaign, firstDueAt(now, steps[0]!, campaign.schedule), 0);
  });
}

export const pauseCampaign = (db: Kysely<DB>, actor: Actor, id: string) => transition(db, actor, id, ['active'], 'paused', CAMPAIGN_MESSAGES.notActive);
export const resumeCampaign = (db: Kysely<DB>, actor: Actor, id: string) => transition(db, actor, id, ['paused'], 'active', CAMPAIGN_MESSAGES.notPaused);

/** Archives a campaign in any state: its active leads stop, and its lists no longer count it. */
export async function archiveCampaign(db: Kysely<DB>, actor: Actor, id: string) {
  return transition(db, actor, id, ['draft', 'active', 'paused', 'completed'], 'archived', CAMPAIGN_MESSAGES.archivedReadOnly, async (trx) => {
    await repo.stopActiveLeads(trx, id);
    await repo.setStatus(trx, id, 'archived', null);
    await repo.recountListSequences(trx, await repo.listIdsOf(trx, id));
  });
}

/** A new draft with the same settings, audience, senders and steps. */
export async function duplicateCampaign(db: Kysely<DB>, actor: Actor, id: string) {
  const source = await getCampaign(db, actor, id);
  const steps = await repo.findSteps(db, id);
  const copy = await db.transaction().execute(async (trx) => {
    const row = await repo.insertCampaign(trx, actor.teamId, actor.userId, {
      name: `${source.name} (copy)`.slice(0, 120),
      schedule: source.schedule,
      dailyLimit: source.dailyLimit,
      minGapSeconds: source.minGapSeconds,
      jitterSeconds: source.jitterSeconds,
      autoReplyDelayDays: source.autoReplyDelayDays,
      allowActiveElsewhere: source.allowActiveElsewhere,
      trackOpens: source.trackOpens,
      trackClicks: source.trackClicks,
      unsubscribeFooter: source.unsubscribeFooter,
    });
    const listIds = source.lists.map((l) => l.id);
    await repo.setLists(trx, row.id, listIds);
    await repo.setMailboxes(trx, row.id, (await repo.findMailboxes(trx, id)).map((m) => m.id));
    await repo.replaceSteps(
      trx,
      row.id,
      steps.map((s) => ({ type: s.type, delayDays: s.delay_days, businessDays: s.business_days, subject: s.subject, body: s.body, variants: s.variants, newThread: s.new_thread })),
    );
    await repo.recountListSequences(trx, listIds);
    return row;
  });
  return getCampaign(db, actor, copy.id);
}

function countsOf(leads: { leads: string; skipped: string } | undefined, sends: Record<string, unknown> | undefined): CampaignCounts {
  const n = (v: unknown) => Number(v ?? 0);
  return {
    leads: n(leads?.leads),
    skipped: n(leads?.skipped),
    sent: n(sends?.sent),
    opened: n(sends?.opened),
    clicked: n(sends?.clicked),
    replied: n(sends?.replied),
    bounced: n(sends?.bounced),
    unsubscribed: n(sends?.unsubscribed),
  };
}

const summaryOf = (row: repo.CampaignRow, counts: CampaignCounts): CampaignSummaryDto => ({
  id: row.id,
  name: row.name,
  status: row.status,
  statusReason: row.status_reason,
  createdAt: row.created_at.toISOString(),
  launchedAt: row.launched_at?.toISOString() ?? null,
  counts,
});

export async function listCampaigns(db: Kysely<DB>, actor: Actor, status?: CampaignStatus): Promise<CampaignSummaryDto[]> {
  const rows = await repo.listCampaigns(db, actor.teamId, status);
  const { leads, sends } = await repo.countsByCampaign(db, rows.map((r) => r.id));
  return rows.map((row) => summaryOf(row, countsOf(leads.find((l) => l.campaign_id === row.id), sends.find((s) => s.campaign_id === row.id))));
}

export async function getCampaign(db: Kysely<DB>, actor: Actor, id: string): Promise<CampaignDto> {
  const row = await requireCampaign(db, actor, id);
  const [{ leads, sends }, perStep, lists, mailboxes, steps] = await Promise.all([
    repo.countsByCampaign(db, [id]),
    repo.sendCounts(db, [id], true),
    repo.findLists(db, [id]),
    repo.findMailboxes(db, id),
    repo.findSteps(db, id),
  ]);
  return {
    ...summaryOf(row, countsOf(leads[0], sends[0])),
    lists: lists.map((l) => ({ id: l.id, name: l.name })),
    mailboxes: mailboxes.map((m) => m.email_address),
    schedule: row.schedule,
    dailyLimit: row.daily_limit,
    minGapSeconds: row.min_gap_seconds,
    jitterSeconds: row.jitter_seconds,
    autoReplyDelayDays: row.auto_reply_delay_days,
    allowActiveElsewhere: row.allow_active_elsewhere,
    trackOpens: row.track_opens,
    trackClicks: row.track_clicks,
    unsubscribeFooter: row.unsubscribe_footer,
    steps: steps.map((s) => {
      const { leads: _l, skipped: _s, ...counts } = countsOf(undefined, perStep.find((p) => p.step_position === s.position) ?? EMPTY_SEND_COUNTS);
      return {
        id: s.id,
        position: s.position,
        type: s.type,
        delayDays: s.delay_days,
        businessDays: s.business_days,
        subject: s.subject,
        body: s.body,
        variants: s.variants,
        newThread: s.new_thread,
        counts,
      };
    }),
  };
}

export async function listLeads(db: Kysely<DB>, actor: Actor, id: string, query: { status?: CampaignLeadStatus; page: number; limit: number }) {
  await requireCampaign(db, actor, id);
  const { total, rows } = await repo.pageLeads(db, id, { status: query.status, offset: (query.page - 1) * query.limit, limit: query.limit });
  const data: CampaignLeadDto[] = rows.map((r) => ({
    id: r.id,
    contactId: r.contact_id,
    name: r.full_name,
    email: r.email,
    companyName: r.company_name,
    status: r.status,
    skipReason: r.skip_reason ? (CAMPAIGN_SKIP_REASONS[r.skip_reason as keyof typeof CAMPAIGN_SKIP_REASONS] ?? r.skip_reason) : null,
    nextStep: r.status === 'active' ? r.next_position : null,
    nextAt: r.status === 'active' ? (r.next_at?.toISOString() ?? null) : null,
    lastSentAt: r.last_sent_at?.toISOString() ?? null,
    failure: r.failed_step !== null ? { step: r.failed_step, reason: r.failure_reason ?? '' } : null,
  }));
  return { data, pagination: { currentPage: query.page, totalPages: Math.max(1, Math.ceil(total / query.limit)), totalRecords: total } };
}

/** A step rendered for one contact (by default the campaign's first lead) with its variables filled. */
export async function previewStep(db: Kysely<DB>, actor: Actor, id: string, body: { stepIndex: number; contactId?: string; variant: number }) {
  await requireCampaign(db, actor, id);
  const step = (await repo.findSteps(db, id)).find((s) => s.position === body.stepIndex);
  if (!step) throw new AppError('NOT_FOUND', 'Step not found.', { field: 'stepIndex' });
  const contactId = body.contactId ?? (await repo.firstLeadContact(db, id));
  const contact = contactId ? await findContactById(db, actor.teamId, contactId) : undefined;
  if (body.contactId && !contact) throw notFound('Contact');
  const steps = await repo.findSteps(db, id);
  const first = steps.find((s) => s.type === 'email');
  const values = variablesOf(contact, contact?.primary_email ?? null, actor.name);
  const threadSubject = first && first.position < step.position ? renderStep(first, body.variant, values, null).subject : null;
  if (step.type !== 'email') return { subject: null, body: step.body ? renderTemplate(step.body, values) : null, to: contact?.primary_email ?? null };
  const rendered = renderStep(step, body.variant, values, threadSubject);
  return { subject: rendered.subject, body: rendered.body, to: contact?.primary_email ?? null };
}
