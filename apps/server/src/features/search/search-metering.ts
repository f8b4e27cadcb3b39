import { isOpeningSearch, SEARCH_RUN_COST, SEARCH_RUN_HOURS, searchIdentity, type SearchFilters } from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { getCreditsInfo, getUserCreditsUsed, insufficientCredits, spendCredits } from '../credits/index.js';
import { queryHash } from './scroll-token.js';
import * as repo from './search-runs.repository.js';

/** Who pays for a search run: a member of a team. */
export type SearchPayer = { teamId: string; userId: string };

/**
 * The one metering rule of every path that reveals people from the database (docs/decisions.md,
 * "Search metering"): a search run, one set of filters, costs SEARCH_RUN_COST once per member;
 * while the run is younger than SEARCH_RUN_HOURS the same filters cost nothing, whatever page,
 * view or list asks. A short balance or a member's cap answers 402 and records no run.
 *
 * Pass a transaction to make the charge part of the work it pays for.
 */
export async function meterSearchRun(db: Kysely<DB>, payer: SearchPayer, filters: SearchFilters): Promise<{ charged: number }> {
  const key = { teamId: payer.teamId, userId: payer.userId, filtersHash: queryHash(searchIdentity(filters)) };
  if (await repo.hasActiveRun(db, key, SEARCH_RUN_HOURS)) return { charged: 0 };
  const start = async (trx: Kysely<DB>) => {
    const runId = await repo.startRun(trx, key, SEARCH_RUN_HOURS);
    if (!runId) return { charged: 0 };
    await spendCredits(trx, {
      teamId: payer.teamId,
      userId: payer.userId,
      action: 'b2b_contact_search',
      amount: SEARCH_RUN_COST,
      idempotencyKey: `search-run:${runId}`,
    });
    return { charged: SEARCH_RUN_COST };
  };
  return db.isTransaction ? start(db) : db.transaction().execute(start);
}

/**
 * Refuses (402) a search run the member could not pay for now, without charging: for work that
 * runs later (a dynamic list's refresh job), which is metered when it reveals people.
 */
export async function assertSearchRunAffordable(db: Kysely<DB>, payer: SearchPayer, filters: SearchFilters): Promise<void> {
  const key = { teamId: payer.teamId, userId: payer.userId, filtersHash: queryHash(searchIdentity(filters)) };
  if (await repo.hasActiveRun(db, key, SEARCH_RUN_HOURS)) return;
  const [team, member] = await Promise.all([getCreditsInfo(db, payer.teamId), getUserCreditsUsed(db, payer.teamId, payer.userId)]);
  const capLeft = member.creditsCap === null ? Infinity : member.creditsCap - member.creditsUsed - member.creditsHeld;
  if (team.available < SEARCH_RUN_COST || capLeft < SEARCH_RUN_COST) throw insufficientCredits();
}

/**
 * A page of search results is metered by its run. A page without rows is free, and so is the
 * first page of the opening filters when the screen asks for it as its preview: that page is
 * the same for everyone, and paging on from it starts the run.
 */
export async function meterSearchPage(
  db: Kysely<DB>,
  payer: SearchPayer,
  page: { filters: SearchFilters; rows: number; scrollToken: string | null; preview: boolean },
) {
  if (page.rows === 0) return { charged: 0 };
  if (page.preview && page.scrollToken === null && isOpeningSearch(page.filters)) return { charged: 0 };
  return meterSearchRun(db, payer, page.filters);
}
