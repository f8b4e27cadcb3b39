/**
 * Agents' use-cases: a team's agents are visible to and run by every member (like its lists and
 * campaigns); an agent runs as the member who made it. Pausing clears the next run, so the
 * tick starts nothing; resuming schedules the next run now.
 */
import { AppError, notFound } from '@leadline/shared';
import { AGENT_MESSAGES, type AgentCreateBody, type AgentDto, type AgentRunDto, type AgentUpdateBody } from '@leadline/shared/agents/index';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { findKnowledgeProfile } from '../knowledge-hub/index.js';
import { requireList } from '../lists/index.js';
import * as repo from './agents.repository.js';
import type { AgentRow, AgentRunRow } from './agents.repository.js';
import { nextRunAfter, queueRun } from './schedule.js';

const RESULTS_SHOWN = 200;
const RUNS_SHOWN = 20;

export function presentRun(r: AgentRunRow): AgentRunDto {
  return {
    id: r.id,
    status: r.status,
    trigger: r.trigger,
    progressDone: r.progress_done,
    progressTotal: r.progress_total,
    results: r.results,
    creditsCharged: r.credits_charged,
    error: r.error,
    createdAt: r.created_at.toISOString(),
    finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
  };
}

function present(a: AgentRow, last: AgentRunRow | undefined): AgentDto {
  return {
    id: a.id,
    kind: a.kind,
    name: a.name,
    instructions: a.instructions,
    schedule: a.schedule,
    maxResults: a.max_results,
    listId: a.list_id,
    listName: a.list_name,
    profileId: a.profile_id,
    paused: a.paused,
    nextRunAt: a.next_run_at ? new Date(a.next_run_at).toISOString() : null,
    createdAt: a.created_at.toISOString(),
    lastRun: last ? presentRun(last) : null,
  };
}

async function requireAgent(ctx: AppContext, actor: Actor, id: string) {
  const agent = await repo.findAgent(ctx.db, actor.teamId, id);
  if (!agent) throw notFound('Agent');
  return agent;
}

async function presentOne(ctx: AppContext, actor: Actor, id: string) {
  const agent = await requireAgent(ctx, actor, id);
  const [last] = await repo.lastRuns(ctx.db, [agent.id]);
  return present(agent, last);
}

export async function listAgents(ctx: AppContext, actor: Actor) {
  const agents = await repo.listAgents(ctx.db, actor.teamId);
  const last = new Map((await repo.lastRuns(ctx.db, agents.map((a) => a.id))).map((r) => [r.agent_id, r]));
  return agents.map((a) => present(a, last.get(a.id)));
}

export async function getAgent(ctx: AppContext, actor: Actor, id: string) {
  return presentOne(ctx, actor, id);
}

export async function createAgent(ctx: AppContext, actor: Actor, body: AgentCreateBody) {
  const list = await requireList(ctx.db, actor, body.listId, 'contactList').catch(() => {
    throw new AppError('NOT_FOUND', AGENT_MESSAGES.notContactList, { field: 'listId' });
  });
  if (body.profileId && !(await findKnowledgeProfile(ctx, actor, body.profileId))) throw notFound('Knowledge hub profile');
  // A scheduled agent runs first at the next tick, then once a period.
  const { id } = await repo.insertAgent(ctx.db, { ...body, teamId: actor.teamId, userId: actor.userId, listId: list.id, profileId: body.profileId ?? null, nextRunAt: body.schedule === 'manual' ? null : new Date() });
  return presentOne(ctx, actor, id);
}

export async function updateAgent(ctx: AppContext, actor: Actor, id: string, body: AgentUpdateBody) {
  const agent = await requireAgent(ctx, actor, id);
  const schedule = body.schedule ?? agent.schedule;
  const rescheduled = body.schedule !== undefined && body.schedule !== agent.schedule;
  await repo.updateAgent(ctx.db, agent.id, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.instructions !== undefined ? { instructions: body.instructions } : {}),
    ...(body.maxResults !== undefined ? { max_results: body.maxResults } : {}),
    ...(rescheduled ? { schedule, next_run_at: agent.paused ? null : nextRunAfter(schedule, new Date()) } : {}),
  });
  return presentOne(ctx, actor, id);
}

export async function deleteAgent(ctx: AppContext, actor: Actor, id: string) {
  const agent = await requireAgent(ctx, actor, id);
  await repo.deleteAgent(ctx.db, agent.id);
  return { success: true as const };
}

export async function pauseAgent(ctx: AppContext, actor: Actor, id: string) {
  const agent = await requireAgent(ctx, actor, id);
  await repo.updateAgent(ctx.db, agent.id, { paused: true, next_run_at: null });
  return presentOne(ctx, actor, id);
}

export async function resumeAgent(ctx: AppContext, actor: Actor, id: string) {
  const agent = await requireAgent(ctx, actor, id);
  await repo.updateAgent(ctx.db, agent.id, { paused: false, next_run_at: agent.schedule === 'manual' ? null : new Date() });
  return presentOne(ctx, actor, id);
}

/** "Run now": one run at a time per agent (409 while one is queued or running). */
export async function runAgentNow(ctx: AppContext, actor: Actor, id: string) {
  const agent = await requireAgent(ctx, actor, id);
  const run = await ctx.db.transaction().execute((trx) => queueRun(ctx, trx, agent, 'manual'));
  if (!run) throw new AppError('CONFLICT', AGENT_MESSAGES.runInProgress);
  return presentRun(run);
}

export async function listRuns(ctx: AppContext, actor: Actor, id: string) {
  const agent = await requireAgent(ctx, actor, id);
  return (await repo.runsOf(ctx.db, agent.id, RUNS_SHOWN)).map(presentRun);
}

export async function getRun(ctx: AppContext, actor: Actor, id: string, runId: string) {
  const agent = await requireAgent(ctx, actor, id);
  const run = await repo.findRun(ctx.db, actor.teamId, agent.id, runId);
  if (!run) throw notFound('Agent run');
  const items = await repo.runResults(ctx.db, run, agent.kind, RESULTS_SHOWN);
  return {
    ...presentRun(run),
    filters: run.filters ?? null,
    items: items.map((i) => ({ contactId: i.contact_id, name: i.full_name, jobTitle: i.job_title, companyName: i.company_name, answer: i.answer })),
  };
}
