import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AppContext } from '../../lib/context.js';
import { slackNotify } from './integrations.jobs.js';
import * as repo from './integrations.repository.js';

/** Sends the Slack message job when the team has Slack installed with a channel chosen; with `trx`, inside it. */
export async function queueSlackNotice(ctx: AppContext, teamId: string, text: string, trx?: Kysely<DB>) {
  const row = await repo.findIntegration(trx ?? ctx.db, teamId, 'slack');
  if (!row?.access_token || !(row.settings as { channel?: string }).channel) return;
  await ctx.queue.send(slackNotify, { teamId, text }, trx ? { trx } : {});
}

/** A Slack message about work that already finished: never fails that work. */
export async function notifySlack(ctx: AppContext, teamId: string, text: string) {
  try {
    await queueSlackNotice(ctx, teamId, text);
  } catch {
    // Best effort: a notification is not worth failing a push or a pull for.
  }
}
