/**
 * One agent run, from its job. Delivery is at least once and a process may die mid-run, so a
 * run picks up where it stopped: credits are held and charged under keys made from the run
 * (and the account), people already added are not counted twice, accounts already answered
 * in this run are skipped. A failure (no AI, the provider down, out of credits, the list gone)
 * ends the run as failed with its message; whatever was held and not charged goes back.
 */
import { AppError, CREDIT_COSTS } from '@leadline/shared';
import { AGENT_LIMITS, AGENT_MESSAGES } from '@leadline/shared/agents/index';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { loadPrompt, renderPrompt, requireAi, untrusted } from '../ai/index.js';
import { permissionOf } from '../auth/index.js';
import { createFromPeople } from '../contacts/index.js';
import { chargeHoldMany, holdCredits, releaseHold } from '../credits/index.js';
import { formatKnowledgePassages, retrieveKnowledge } from '../knowledge-hub/index.js';
import { addContactsToList, findList, pageListContacts } from '../lists/index.js';
import { pagePeople, peopleSearchConditions } from '../search/index.js';
import * as repo from './agents.repository.js';
import type { AgentRow, AgentRunRow } from './agents.repository.js';
import { icpToFilters } from './icp-filters.js';

const SEARCH_PAGE = 100;
const SEARCH_PAGES_MAX = 10;
const FAILED = 'The agent run failed. Please try again later!';

export async function runAgent(ctx: AppContext, runId: string) {
  const run = await repo.startRun(ctx.db, runId);
  if (!run) return;
  const agent = await repo.findAgentById(ctx.db, run.agent_id);
  if (!agent) return;
  try {
    const actor = await runnerOf(ctx, agent);
    if (agent.kind === 'list_builder') await buildList(ctx, actor, agent, run);
    else await research(ctx, actor, agent, run);
    await repo.finishRun(ctx.db, run.id, 'succeeded', null);
  } catch (error) {
    await repo.finishRun(ctx.db, run.id, 'failed', error instanceof AppError ? error.message : FAILED);
  }
}

/** The member who made the agent: its searches, credits and knowledge profile are theirs. */
async function runnerOf(ctx: AppContext, agent: AgentRow): Promise<Actor> {
  const user = await repo.findRunner(ctx.db, agent.team_id, agent.user_id);
  if (!user) throw new AppError('NOT_FOUND', 'The member who made this agent is no longer in the team');
  return { userId: user.id, teamId: user.team_id, email: user.email, name: user.name, role: user.role, permission: permissionOf(user), sessionHash: '' };
}

async function targetList(ctx: AppContext, agent: AgentRow) {
  const list = agent.list_id ? await findList(ctx.db, agent.team_id, agent.list_id) : undefined;
  if (!list) throw new AppError('NOT_FOUND', AGENT_MESSAGES.listGone);
  return list;
}

/**
 * Holds `amount` (under this attempt's key: a dead attempt's hold is released as stale), runs
 * `work`, then charges and `keep`s its result in one transaction, so a crash leaves either both
 * or neither and the next attempt finds the result instead of paying again. Whatever is left
 * of the hold goes back.
 */
async function paid<T>(
  ctx: AppContext,
  actor: Actor,
  cost: { action: string; amount: number; key: string; reason: string },
  work: () => Promise<T>,
  keep: (trx: Kysely<DB>, result: T) => Promise<void>,
): Promise<T> {
  const { entry: hold } = await holdCredits(ctx.db, { teamId: actor.teamId, userId: actor.userId, action: cost.action, amount: cost.amount, idempotencyKey: `${cost.key}:hold`, reason: cost.reason });
  try {
    const result = await work();
    await ctx.db.transaction().execute(async (trx) => {
      await chargeHoldMany(trx, { teamId: actor.teamId, holdId: hold.id, action: cost.action, reason: cost.reason, charges: [{ amount: cost.amount, idempotencyKey: `${cost.key}:charge` }] });
      await keep(trx, result);
    });
    return result;
  } finally {
    await releaseHold(ctx.db, { teamId: actor.teamId, holdId: hold.id, reason: `${cost.reason}: unused` });
  }
}

/** Turns the ICP into filters, searches, and adds up to max_results people the list does not hold yet ('agent list builder', 10 a run). */
async function buildList(ctx: AppContext, actor: Actor, agent: AgentRow, run: AgentRunRow) {
  if (run.credits_charged > 0) return; // paid, so its work was done before a restart
  const ai = requireAi(ctx);
  const list = await targetList(ctx, agent);
  const cost = { action: 'agent_list_builder', amount: CREDIT_COSTS.agentListBuilder, key: `agent-run:${run.id}:a${run.attempts}`, reason: `Agent: ${agent.name}` };
  await paid(
    ctx,
    actor,
    cost,
    async () => {
      const filters = await icpToFilters(ai, actor.teamId, agent.instructions);
      const already = await repo.countRunContacts(ctx.db, run.id);
      await repo.setRunProgress(ctx.db, run.id, { filters, total: agent.max_results, done: already });
      const conditions = await peopleSearchConditions(ctx.db, filters);
      let added = already;
      let after: string | null = null;
      for (let page = 0; page < SEARCH_PAGES_MAX && added < agent.max_results; page++) {
        const people = (await pagePeople(ctx.db, conditions, { after, limit: SEARCH_PAGE })).slice(0, SEARCH_PAGE);
        if (people.length === 0) break;
        after = people.at(-1)!.id;
        const contactIds = [...(await createFromPeople(ctx.db, actor.teamId, people.map((p) => p.id))).values()];
        const held = await repo.contactsInList(ctx.db, list.id, contactIds);
        const fresh = contactIds.filter((id) => !held.has(id)).slice(0, agent.max_results - added);
        await repo.recordRunContacts(ctx.db, run.id, fresh);
        await addContactsToList(ctx.db, actor.teamId, list.id, fresh, null);
        added = await repo.countRunContacts(ctx.db, run.id);
        await repo.setRunProgress(ctx.db, run.id, { done: added, results: added });
        if (people.length < SEARCH_PAGE) break;
      }
      return added;
    },
    (trx, added) => repo.setRunProgress(trx, run.id, { total: added, done: added, results: added, creditsCharged: cost.amount }),
  );
}

type ListContact = Awaited<ReturnType<typeof pageListContacts>>['rows'][number];

function accountText(c: ListContact): string {
  const fields: Array<[string, string | null | undefined]> = [
    ['Name', c.full_name],
    ['Job title', c.job_title],
    ['Company', c.company_name],
    ['Company website', c.company_domain],
    ['Industry', c.industry],
    ['City', c.city],
    ['Country', c.country],
    ['LinkedIn', c.linkedin_url],
  ];
  return fields.filter(([, v]) => v).map(([k, v]) => `${k}: ${v}`).join('\n');
}

/** Answers the question for each account of the list ('agent research query', 5 each) into the agent's column. */
async function research(ctx: AppContext, actor: Actor, agent: AgentRow, run: AgentRunRow) {
  const ai = requireAi(ctx);
  const list = await targetList(ctx, agent);
  const { rows } = await pageListContacts(ctx.db, list.id, { pageNum: 1, limit: AGENT_LIMITS.researchAccountsMax, sortBy: 'addedAt', sortOrder: 'asc' });
  const answered = await repo.answeredInRun(ctx.db, run.id);
  let done = answered.size;
  await repo.setRunProgress(ctx.db, run.id, { total: rows.length, done, results: done, creditsCharged: done * CREDIT_COSTS.agentResearchQuery });
  for (const contact of rows) {
    if (answered.has(contact.id)) continue;
    const account = accountText(contact);
    const knowledge = formatKnowledgePassages(await retrieveKnowledge(ctx, actor, { profileId: agent.profile_id ?? undefined, text: `${agent.instructions}\n${contact.company_name ?? ''} ${contact.industry ?? ''}`, limit: 4 }));
    const messages = renderPrompt(loadPrompt('agent-research', 1), { question: untrusted('question', agent.instructions), account: untrusted('account', account || '(no stored data)'), knowledge: knowledge.text });
    const cost = { action: 'agent_research_query', amount: CREDIT_COSTS.agentResearchQuery, key: `agent-run:${run.id}:a${run.attempts}:${contact.id}`, reason: `Agent: ${agent.name}` };
    await paid(
      ctx,
      actor,
      cost,
      async () => {
        const text = (await ai.complete({ teamId: actor.teamId, messages, temperature: 0.2 })).text.trim();
        if (!text) throw new AppError('PROVIDER_UNAVAILABLE', FAILED);
        return text;
      },
      (trx, answer) => repo.upsertAnswer(trx, { agentId: agent.id, contactId: contact.id, runId: run.id, answer: answer.slice(0, AGENT_LIMITS.answerMax) }),
    );
    done++;
    await repo.setRunProgress(ctx.db, run.id, { done, results: done, creditsCharged: done * CREDIT_COSTS.agentResearchQuery });
  }
}
