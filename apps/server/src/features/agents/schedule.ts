/**
 * When agents run: a scheduled agent's next run is kept on its row; the minute tick starts the
 * due ones (one run at a time per agent, a unique index makes sure) and moves their next run
 * one period on. A paused agent has no next run, so nothing starts it.
 */
import type { AgentSchedule } from '@leadline/shared/agents/index';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AppContext } from '../../lib/context.js';
import { agentRun } from './agents.jobs.js';
import * as repo from './agents.repository.js';

const HOUR = 3_600_000;
const PERIOD_MS: Record<Exclude<AgentSchedule, 'manual'>, number> = { hourly: HOUR, daily: 24 * HOUR, weekly: 7 * 24 * HOUR };
const TICK_BATCH = 50;

/** The next run after `from`, or null for an agent run only by hand. */
export function nextRunAfter(schedule: AgentSchedule, from: Date): Date | null {
  return schedule === 'manual' ? null : new Date(from.getTime() + PERIOD_MS[schedule]);
}

/** Queues a run and its job in one transaction; null when the agent already has one open. */
export async function queueRun(ctx: AppContext, trx: Kysely<DB>, agent: { id: string; team_id: string }, trigger: 'schedule' | 'manual') {
  const run = await repo.insertRun(trx, { agentId: agent.id, teamId: agent.team_id, trigger });
  if (run) await ctx.queue.send(agentRun, { runId: run.id }, { trx });
  return run;
}

export async function startDueRuns(ctx: AppContext, now: Date) {
  return ctx.db.transaction().execute(async (trx) => {
    const due = await repo.lockDueAgents(trx, now, TICK_BATCH);
    let started = 0;
    for (const agent of due) {
      // A run still open when the next is due skips this slot rather than queueing behind it.
      if (await queueRun(ctx, trx, agent, 'schedule')) started++;
      await repo.updateAgent(trx, agent.id, { next_run_at: nextRunAfter(agent.schedule, now) });
    }
    return started;
  });
}
