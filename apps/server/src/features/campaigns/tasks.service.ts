import { AppError, notFound } from '@leadline/shared';
import { CAMPAIGN_MESSAGES, stepDueAt, type CampaignTaskDto } from '@leadline/shared/campaigns/index';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { findContactById } from '../contacts/index.js';
import { requireCampaign } from './campaigns.service.js';
import * as repo from './campaigns.repository.js';
import * as sends from './sends.repository.js';
import * as tasks from './tasks.repository.js';

/** The campaign's tasks waiting for a person, oldest first. */
export async function listOpenTasks(db: Kysely<DB>, actor: Actor, id: string): Promise<CampaignTaskDto[]> {
  await requireCampaign(db, actor, id);
  return (await tasks.openTasks(db, id)).map((t) => ({
    id: t.id,
    leadId: t.lead_id,
    contactId: t.contact_id,
    name: t.full_name,
    email: t.email,
    companyName: t.company_name,
    stepIndex: t.step_position,
    type: t.type,
    instructions: t.instructions,
    createdAt: t.created_at.toISOString(),
  }));
}

/** A contact of the team that is not (or no longer) an active lead is a conflict; another team's is not found. */
async function lockActiveLead(trx: Kysely<DB>, actor: Actor, campaignId: string, contactId: string) {
  const lead = await tasks.lockLeadByContact(trx, campaignId, contactId);
  if (!lead && !(await findContactById(trx, actor.teamId, contactId))) throw notFound('Contact');
  if (!lead || lead.status !== 'active') throw new AppError('CONFLICT', CAMPAIGN_MESSAGES.notActiveLead);
  return lead;
}

/** Marks a lead's task done: the lead moves to its next step, due its delay after now. */
export async function completeTask(db: Kysely<DB>, actor: Actor, id: string, body: { contactId: string; stepIndex: number }, now = new Date()) {
  const campaign = await requireCampaign(db, actor, id);
  const steps = await repo.findSteps(db, id);
  return db.transaction().execute(async (trx) => {
    const lead = await lockActiveLead(trx, actor, id, body.contactId);
    if (!(await tasks.closeTask(trx, lead.id, body.stepIndex, actor.userId, now))) throw new AppError('CONFLICT', CAMPAIGN_MESSAGES.noOpenTask);
    const next = steps.find((s) => s.position === body.stepIndex + 1);
    const due = next ? { position: next.position, at: stepDueAt(now, next.delay_days, next.business_days, campaign.schedule) } : null;
    await repo.addLeadEvent(trx, lead.id, 'task_done', null, body.stepIndex, now);
    await sends.advanceLead(trx, lead.id, due);
    return { leadId: lead.id, status: due ? ('active' as const) : ('completed' as const), nextStep: due?.position ?? null };
  });
}

/** A person's "interested" mark: every remaining step of the lead stops, its open tasks close. */
export async function markInterested(db: Kysely<DB>, actor: Actor, id: string, body: { contactId: string }, now = new Date()) {
  await requireCampaign(db, actor, id);
  return db.transaction().execute(async (trx) => {
    const lead = await lockActiveLead(trx, actor, id, body.contactId);
    await tasks.markLeadInterested(trx, lead.id, now);
    await tasks.cancelOpenTasks(trx, lead.id);
    await repo.addLeadEvent(trx, lead.id, 'interested', actor.name, null, now);
    return { leadId: lead.id, status: 'interested' as const, nextStep: null };
  });
}
