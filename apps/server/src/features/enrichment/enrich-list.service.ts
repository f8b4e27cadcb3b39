/**
 * Enriching a whole list, for SalesGPT's "enrich a list": first an estimate that holds and
 * charges nothing (how many contacts, how many still need a look-up, the most it can cost),
 * then, once the member confirms, the same bulk enrichment job as the list screen's Enrich,
 * with the list itself as source and destination.
 */
import { BULK_ENRICH_MAX, type EnrichType } from '@leadline/shared';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { findEnrichableContacts } from '../contacts/index.js';
import { pageListContacts, requireList } from '../lists/index.js';
import { itemsCost, itemsFor, pricingOf, startBulkEnrichment } from './enrichment.service.js';

export type ListEnrichmentEstimate = { listId: string; listName: string; contacts: number; toEnrich: number; maxCredits: number };

/** What enriching the list would look up and cost at most (only accurate matches are charged); nothing is held. */
export async function estimateListEnrichment(ctx: AppContext, actor: Actor, options: { listId: string; enrichType: EnrichType }): Promise<ListEnrichmentEstimate> {
  const list = await requireList(ctx.db, actor, options.listId, 'contactList');
  const page = await pageListContacts(ctx.db, list.id, { pageNum: 1, limit: BULK_ENRICH_MAX, sortBy: 'addedAt', sortOrder: 'desc' });
  const items = itemsFor(await findEnrichableContacts(ctx.db, actor.teamId, page.rows.map((c) => c.id)), options.enrichType);
  return { listId: list.id, listName: list.name, contacts: page.total, toEnrich: items.length, maxCredits: itemsCost(items, await pricingOf(ctx.db, actor.userId)) };
}

/** Starts the bulk enrichment job over the list's contacts, results into the same list (402 without the credits, 409 when all are enriched). */
export async function enrichList(ctx: AppContext, actor: Actor, options: { listId: string; enrichType: EnrichType }) {
  return startBulkEnrichment(ctx, actor, {
    enrichType: options.enrichType,
    inputs: [],
    inputsSource: { type: 'list', targetListId: options.listId, targetListState: {}, limit: BULK_ENRICH_MAX },
    existingListId: options.listId,
  });
}
