import type { Kysely, Transaction } from 'kysely';
import type { CampaignStepType } from '@leadline/shared/campaigns/index';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** Opens the task of a lead's step; nothing when it already has one (a repeated tick). */
export async function insertTask(db: Db, task: { campaignId: string; leadId: string; teamId: string; stepPosition: number; type: CampaignStepType; instructions: string | null }) {
  const row = await db
    .insertInto('campaign_tasks')
    .values({ campaign_id: task.campaignId, lead_id: task.leadId, team_id: task.teamId, step_position: task.stepPosition, type: task.type, instructions: task.instructions })
    .onConflict((oc) => oc.columns(['lead_id', 'step_position']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function openTasks(db: Db, campaignId: string) {
  return db
    .selectFrom('campaign_tasks as t')
    .innerJoin('campaign_leads as l', 'l.id', 't.lead_id')
    .innerJoin('contacts as c', 'c.id', 'l.contact_id')
    .select(['t.id', 't.lead_id', 'l.contact_id', 'c.full_name', 'l.email', 'c.company_name', 't.step_position', 't.type', 't.instructions', 't.created_at'])
    .where('t.campaign_id', '=', campaignId)
    .where('t.status', '=', 'open')
    .orderBy('t.created_at')
    .orderBy('t.id')
    .execute();
}

/** The campaign's lead for a contact, locked: marking it changes its status or step. */
export async function lockLeadByContact(db: Db, campaignId: string, contactId: string) {
  return db.selectFrom('campaign_leads').select(['id', 'status', 'next_position']).where('campaign_id', '=', campaignId).where('contact_id', '=', contactId).forUpdate().executeTakeFirst();
}

/** Closes a lead's open task at a step; answers whether there was one. */
export async function closeTask(db: Db, leadId: string, stepPosition: number, userId: string, at: Date) {
  const row = await db
    .updateTable('campaign_tasks')
    .set({ status: 'done', done_by: userId, done_at: at })
    .where('lead_id', '=', leadId)
    .where('step_position', '=', stepPosition)
    .where('status', '=', 'open')
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** A lead that stops leaves no task open. */
export async function cancelOpenTasks(db: Db, leadId: string) {
  await db.updateTable('campaign_tasks').set({ status: 'cancelled' }).where('lead_id', '=', leadId).where('status', '=', 'open').execute();
}

export async function markLeadInterested(db: Db, leadId: string, at: Date) {
  await db.updateTable('campaign_leads').set({ status: 'interested', next_at: null, updated_at: at }).where('id', '=', leadId).where('status', '=', 'active').execute();
}
