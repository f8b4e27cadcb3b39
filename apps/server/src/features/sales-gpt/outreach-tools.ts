/**
 * The sales tools that act on a list: enrich it (the enrichment job, charged per accurate match)
 * and draft a campaign to it (the AI sequence writer, 'AI email' per email, saved as a draft).
 * Both spend credits, so both wait for the member's yes; their confirm card reads the list and
 * the estimate, and nothing is held or charged before that yes.
 */
import { CREDIT_COSTS, DraftCampaignArgs, EnrichListArgs, isUuid, notFound, type EnrichType } from '@leadline/shared';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { generateDraftCampaign } from '../campaigns/index.js';
import { enrichList as startListEnrichment, estimateListEnrichment } from '../enrichment/index.js';
import { findTeamContactList } from './sales-tools.repository.js';
import { emptyView, type SalesTool } from './tool-view.js';

const WHAT: Record<EnrichType, string> = { email: 'emails', phone: 'phones', all: 'emails and phones' };

/** The list the model named, by id or by its name. */
async function listOf(ctx: AppContext, actor: Actor, ref: string) {
  const list = await findTeamContactList(ctx.db, actor.teamId, ref, isUuid(ref));
  if (!list) throw notFound('List');
  return list;
}

export const enrichList: SalesTool<EnrichListArgs> = {
  name: 'enrich_list',
  description: "Find emails and/or phones for the contacts of one of the team's lists, as a background job. Costs credits per accurate match found.",
  parameters: EnrichListArgs,
  needsConfirmation: true,
  async describe(args, ctx, actor) {
    const list = await listOf(ctx, actor, args.list);
    const estimate = await estimateListEnrichment(ctx, actor, { listId: list.id, enrichType: args.enrichType });
    return `Enrich the list "${estimate.listName}" (${estimate.contacts} contacts) with ${WHAT[args.enrichType]}: ${estimate.toEnrich} contacts to look up, at most ${estimate.maxCredits} credits (only accurate matches are charged).`;
  },
  async run(ctx, actor, args) {
    const list = await listOf(ctx, actor, args.list);
    const started = await startListEnrichment(ctx, actor, { listId: list.id, enrichType: args.enrichType });
    return {
      view: { ...emptyView('enrich_list'), enrichment: { jobId: started.jobId, listId: started.listId, listName: list.name, prospects: started.prospects, creditsHeld: started.creditsHeld } },
      quotesUntrusted: false,
      modelText: `Started enriching ${started.prospects} contacts of the list "${list.name}" with ${WHAT[args.enrichType]}; up to ${started.creditsHeld} credits are held and only accurate matches are charged. Progress shows in the chat and on the list.`,
    };
  },
};

export const draftCampaign: SalesTool<DraftCampaignArgs> = {
  name: 'draft_campaign',
  description: `Write an email sequence from a short brief for the contacts of one list and save it as a draft campaign (not launched). Costs ${CREDIT_COSTS.aiEmail} credits per email written.`,
  parameters: DraftCampaignArgs,
  needsConfirmation: true,
  async describe(args, ctx, actor) {
    const list = await listOf(ctx, actor, args.list);
    return `Write a ${args.emails}-email sequence for the list "${list.name}" (${list.contacts_count} contacts) and save it as the draft campaign "${args.name}": at most ${args.emails * CREDIT_COSTS.aiEmail} credits (${CREDIT_COSTS.aiEmail} per email written). It is not launched.`;
  },
  async run(ctx, actor, args) {
    const list = await listOf(ctx, actor, args.list);
    const draft = await generateDraftCampaign(ctx, actor, { name: args.name, listIds: [list.id], brief: args.brief, emails: args.emails });
    return {
      view: { ...emptyView('draft_campaign'), campaign: { id: draft.id, name: draft.name, emails: draft.emails, creditsCharged: draft.creditsCharged } },
      quotesUntrusted: false,
      modelText: `Saved the draft campaign "${draft.name}" with ${draft.emails} emails for the list "${list.name}" (${draft.creditsCharged} credits). It is not launched: the user picks senders and launches it from the campaign's page.`,
    };
  },
};
