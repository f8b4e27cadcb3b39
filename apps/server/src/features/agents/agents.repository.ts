import type { AgentKind, AgentRunStatus, AgentSchedule } from '@leadline/shared/agents/index';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export type AgentRow = Awaited<ReturnType<typeof findAgent>> & {};
export type AgentRunRow = NonNullable<Awaited<ReturnType<typeof findRun>>>;

const withListName = (db: Kysely<DB>) => db.selectFrom('agents').leftJoin('lists', 'lists.id', 'agents.list_id').selectAll('agents').select('lists.name as list_name');

export async function insertAgent(
  db: Kysely<DB>,
  v: { teamId: string; userId: string; kind: AgentKind; name: string; instructions: string; listId: string; profileId: string | null; schedule: AgentSchedule; maxResults: number; nextRunAt: Date | null },
) {
  return db
    .insertInto('agents')
    .values({ team_id: v.teamId, user_id: v.userId, kind: v.kind, name: v.name, instructions: v.instructions, list_id: v.listId, profile_id: v.profileId, schedule: v.schedule, max_results: v.maxResults, next_run_at: v.nextRunAt })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function findAgent(db: Kysely<DB>, teamId: string, id: string) {
  return withListName(db).where('agents.team_id', '=', teamId).where('agents.id', '=', id).executeTakeFirst();
}

export async function findAgentById(db: Kysely<DB>, id: string) {
  return withListName(db).where('agents.id', '=', id).executeTakeFirst();
}

export async function listAgents(db: Kysely<DB>, teamId: string) {
  return withListName(db).where('agents.team_id', '=', teamId).orderBy('agents.created_at', 'desc').orderBy('agents.id').execute();
}

export async function updateAgent(
  db: Kysely<DB>,
  id: string,
  v: Partial<{ name: string; instructions: string; schedule: AgentSchedule; max_results: number; paused: boolean; next_run_at: Date | null }>,
) {
  await db.updateTable('agents').set({ ...v, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function deleteAgent(db: Kysely<DB>, id: string) {
  await db.deleteFrom('agents').where('id', '=', id).execute();
}

/** Agents whose next run is due, locked so that two ticks never start the same one. */
export async function lockDueAgents(trx: Kysely<DB>, now: Date, limit: number) {
  return trx.selectFrom('agents').selectAll().where('paused', '=', false).where('next_run_at', '<=', now).orderBy('next_run_at').limit(limit).forUpdate().skipLocked().execute();
}

/** A new queued run, or null when the agent already has one queued or running. */
export async function insertRun(db: Kysely<DB>, v: { agentId: string; teamId: string; trigger: 'schedule' | 'manual' }) {
  const row = await db
    .insertInto('agent_runs')
    .values({ agent_id: v.agentId, team_id: v.teamId, trigger: v.trigger, filters: null })
    .onConflict((oc) => oc.column('agent_id').where('status', 'in', ['queued', 'running']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export async function findRun(db: Kysely<DB>, teamId: string, agentId: string, runId: string) {
  return db.selectFrom('agent_runs').selectAll().where('team_id', '=', teamId).where('agent_id', '=', agentId).where('id', '=', runId).executeTakeFirst();
}

export async function findRunById(db: Kysely<DB>, runId: string) {
  return db.selectFrom('agent_runs').selectAll().where('id', '=', runId).executeTakeFirst();
}

export async function runsOf(db: Kysely<DB>, agentId: string, limit: number) {
  return db.selectFrom('agent_runs').selectAll().where('agent_id', '=', agentId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Each agent's newest run. */
export async function lastRuns(db: Kysely<DB>, agentIds: string[]) {
  if (agentIds.length === 0) return [];
  return db
    .selectFrom('agent_runs')
    .selectAll()
    .distinctOn('agent_id')
    .where('agent_id', 'in', agentIds)
    .orderBy('agent_id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Marks a queued run running (or finds it running after a restart), counting the attempt; null once it has finished. */
export async function startRun(db: Kysely<DB>, runId: string) {
  return db
    .updateTable('agent_runs')
    .set({ status: 'running', started_at: sql<Date>`coalesce(started_at, now())`, attempts: sql<number>`attempts + 1` })
    .where('id', '=', runId)
    .where('status', 'in', ['queued', 'running'])
    .returningAll()
    .executeTakeFirst();
}

export async function setRunProgress(db: Kysely<DB>, runId: string, v: { done?: number; total?: number; results?: number; creditsCharged?: number; filters?: unknown }) {
  await db
    .updateTable('agent_runs')
    .set({
      ...(v.done !== undefined ? { progress_done: v.done } : {}),
      ...(v.total !== undefined ? { progress_total: v.total } : {}),
      ...(v.results !== undefined ? { results: v.results } : {}),
      ...(v.creditsCharged !== undefined ? { credits_charged: v.creditsCharged } : {}),
      ...(v.filters !== undefined ? { filters: JSON.stringify(v.filters) } : {}),
    })
    .where('id', '=', runId)
    .execute();
}

export async function finishRun(db: Kysely<DB>, runId: string, status: Extract<AgentRunStatus, 'succeeded' | 'failed'>, error: string | null) {
  await db.updateTable('agent_runs').set({ status, error, finished_at: new Date() }).where('id', '=', runId).where('status', 'in', ['queued', 'running']).execute();
}

export async function recordRunContacts(db: Kysely<DB>, runId: string, contactIds: string[]) {
  if (contactIds.length === 0) return;
  await db.insertInto('agent_run_contacts').values(contactIds.map((contact_id) => ({ run_id: runId, contact_id }))).onConflict((oc) => oc.doNothing()).execute();
}

export async function countRunContacts(db: Kysely<DB>, runId: string) {
  const row = await db.selectFrom('agent_run_contacts').select((eb) => eb.fn.countAll<number>().as('n')).where('run_id', '=', runId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Which of these contacts the list already holds. */
export async function contactsInList(db: Kysely<DB>, listId: string, contactIds: string[]) {
  if (contactIds.length === 0) return new Set<string>();
  const rows = await db.selectFrom('list_contacts').select('contact_id').where('list_id', '=', listId).where('contact_id', 'in', contactIds).execute();
  return new Set(rows.map((r) => r.contact_id));
}

export async function upsertAnswer(db: Kysely<DB>, v: { agentId: string; contactId: string; runId: string; answer: string }) {
  await db
    .insertInto('agent_answers')
    .values({ agent_id: v.agentId, contact_id: v.contactId, run_id: v.runId, answer: v.answer })
    .onConflict((oc) => oc.columns(['agent_id', 'contact_id']).doUpdateSet({ run_id: v.runId, answer: v.answer, answered_at: new Date() }))
    .execute();
}

export async function answeredInRun(db: Kysely<DB>, runId: string) {
  const rows = await db.selectFrom('agent_answers').select('contact_id').where('run_id', '=', runId).execute();
  return new Set(rows.map((r) => r.contact_id));
}

const contactColumns = ['contacts.id as contact_id', 'contacts.full_name', 'contacts.job_title', 'contacts.company_name'] as const;

/** What a run produced: the people it added, or the accounts it answered with their answers. */
export async function runResults(db: Kysely<DB>, run: { id: string; agent_id: string }, kind: AgentKind, limit: number) {
  if (kind === 'list_builder') {
    const rows = await db.selectFrom('agent_run_contacts').innerJoin('contacts', 'contacts.id', 'agent_run_contacts.contact_id').select(contactColumns).where('agent_run_contacts.run_id', '=', run.id).orderBy('contacts.full_name').limit(limit).execute();
    return rows.map((r) => ({ ...r, answer: null }));
  }
  return db
    .selectFrom('agent_answers')
    .innerJoin('contacts', 'contacts.id', 'agent_answers.contact_id')
    .select([...contactColumns, 'agent_answers.answer'])
    .where('agent_answers.run_id', '=', run.id)
    .orderBy('contacts.full_name')
    .limit(limit)
    .execute();
}

/** The member an agent runs as: its creator, with their role in the team (null once they left). */
export async function findRunner(db: Kysely<DB>, teamId: string, userId: string) {
  return db
    .selectFrom('users')
    .innerJoin('team_members', (j) => j.onRef('team_members.user_id', '=', 'users.id').onRef('team_members.team_id', '=', 'users.team_id'))
    .select(['users.id', 'users.team_id', 'users.name', 'users.email', 'users.permission', 'team_members.role'])
    .where('users.id', '=', userId)
    .where('users.team_id', '=', teamId)
    .where('team_members.status', '=', 'ACTIVE')
    .executeTakeFirst();
}

/** The team's research agents that answer for this list, oldest first (the list's column order). */
export async function researchAgentsOfList(db: Kysely<DB>, teamId: string, listId: string) {
  return db
    .selectFrom('agents')
    .select(['id', 'name', 'instructions'])
    .where('team_id', '=', teamId)
    .where('list_id', '=', listId)
    .where('kind', '=', 'research')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The stored answers of these agents for these contacts. */
export async function answersOf(db: Kysely<DB>, agentIds: string[], contactIds: string[]) {
  if (agentIds.length === 0 || contactIds.length === 0) return [];
  return db.selectFrom('agent_answers').select(['agent_id', 'contact_id', 'answer']).where('agent_id', 'in', agentIds).where('contact_id', 'in', contactIds).execute();
}
