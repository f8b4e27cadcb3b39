/**
 * The sales tools a model may call: search people, count them, save a search to a list,
 * summarise an account, enrich a list and draft a campaign (the last two in outreach-tools.ts).
 * SalesGPT offers them in its chat and Agents reuse them; both reach them only through this
 * feature's index.ts. Each tool takes arguments the model wrote, parsed
 * by the shared zod schema (filters are our one filter model, normalised before use), and
 * answers a `ToolResultView` for the screen plus `modelText` for the model. Tools that spend
 * credits or change data say so (`needsConfirmation`): the caller must get the user's yes first.
 */
import {
  CountPeopleArgs,
  normalizeFilters,
  SALES_GPT_SEARCH_ROWS,
  SaveSearchToListArgs,
  SearchPeopleArgs,
  SummariseAccountArgs,
  type SalesGptToolName,
  type SearchFilters,
} from '@leadline/shared';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { untrusted, type ToolSpec } from '../ai/index.js';
import { createFromPeople } from '../contacts/index.js';
import { retrieveKnowledge } from '../knowledge-hub/index.js';
import { addContactsToList, insertList } from '../lists/index.js';
import { countPeople, meterSearchRun, pagePeople, peopleSearchConditions } from '../search/index.js';
import { draftCampaign, enrichList } from './outreach-tools.js';
import * as repo from './sales-tools.repository.js';
import { emptyView, type SalesTool, type ToolOutcome } from './tool-view.js';

export type { SalesTool, ToolOutcome } from './tool-view.js';

const describeFilters = (filters: SearchFilters) =>
  Object.entries(filters)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.map((o: { label?: string; status?: string }) => `${o.status === 'exclude' ? 'not ' : ''}${o.label ?? ''}`).join(', ') : JSON.stringify(v)}`)
    .join('; ') || 'no filters';

const searchPeople: SalesTool<SearchPeopleArgs> = {
  name: 'search_people',
  description: `Search the people database with our filter model and show the first ${SALES_GPT_SEARCH_ROWS} matches. A search run costs search credits.`,
  parameters: SearchPeopleArgs,
  needsConfirmation: true,
  describe: (a) => `Search people (${describeFilters(normalizeFilters(a.filters))}). A new search run costs credits.`,
  async run(ctx, actor, args) {
    const filters = normalizeFilters(args.filters);
    const conditions = await peopleSearchConditions(ctx.db, filters);
    const [rows, count] = await Promise.all([pagePeople(ctx.db, conditions, { after: null, limit: SALES_GPT_SEARCH_ROWS }), countPeople(ctx.db, filters)]);
    const shown = rows.slice(0, SALES_GPT_SEARCH_ROWS);
    if (shown.length > 0) await meterSearchRun(ctx.db, { teamId: actor.teamId, userId: actor.userId }, filters);
    const view = {
      ...emptyView('search_people'),
      filters,
      total: count.total,
      totalIsLowerBound: count.isLowerBound,
      rows: shown.map((r) => ({ id: r.id, fullName: r.full_name, jobTitle: r.job_title, company: r.job_company_name, location: r.location_name })),
    };
    const lines = view.rows.map((r) => `- ${r.fullName ?? '?'}, ${r.jobTitle ?? 'no title'} at ${r.company ?? 'no company'} (${r.location ?? 'no location'})`);
    return { view, quotesUntrusted: false, modelText: `${count.isLowerBound ? 'At least ' : ''}${count.total} people match. First rows:\n${lines.join('\n') || '(none)'}` };
  },
};

const countPeopleTool: SalesTool<CountPeopleArgs> = {
  name: 'count_people',
  description: 'Count the people matching our filter model. Free: it reveals nobody.',
  parameters: CountPeopleArgs,
  needsConfirmation: false,
  describe: (a) => `Count people (${describeFilters(normalizeFilters(a.filters))})`,
  async run(ctx, _actor, args) {
    const filters = normalizeFilters(args.filters);
    const count = await countPeople(ctx.db, filters);
    return {
      view: { ...emptyView('count_people'), filters, total: count.total, totalIsLowerBound: count.isLowerBound },
      quotesUntrusted: false,
      modelText: `${count.isLowerBound ? 'At least ' : ''}${count.total} people match.`,
    };
  },
};

const saveSearchToList: SalesTool<SaveSearchToListArgs> = {
  name: 'save_search_to_list',
  description: 'Create a new list and save up to `limit` people matching the filters into it. Changes data and may cost a search run.',
  parameters: SaveSearchToListArgs,
  needsConfirmation: true,
  describe: (a) => `Save up to ${a.limit} people (${describeFilters(normalizeFilters(a.filters))}) to a new list "${a.listName}".`,
  async run(ctx, actor, args) {
    const filters = normalizeFilters(args.filters);
    const saved = await ctx.db.transaction().execute(async (trx) => {
      const conditions = await peopleSearchConditions(trx, filters);
      const people = (await pagePeople(trx, conditions, { after: null, limit: args.limit })).slice(0, args.limit);
      // Charged in this transaction: a refusal (402) creates no list and reveals nobody.
      if (people.length > 0) await meterSearchRun(trx, { teamId: actor.teamId, userId: actor.userId }, filters);
      const list = await insertList(trx, { teamId: actor.teamId, name: args.listName, entityType: 'contactList', createdBy: actor.userId });
      const contacts = await createFromPeople(trx, actor.teamId, people.map((p) => p.id));
      const added = await addContactsToList(trx, actor.teamId, list.id, [...contacts.values()], 'other');
      return { id: list.id, name: list.name, added };
    });
    return {
      view: { ...emptyView('save_search_to_list'), filters, list: saved },
      quotesUntrusted: false,
      modelText: `Created the list "${saved.name}" with ${saved.added} people.`,
    };
  },
};

/** Emails and knowledge passages read for one account summary. */
const ACCOUNT_EMAILS = 5;
const ACCOUNT_CONTACTS = 10;

const summariseAccount: SalesTool<SummariseAccountArgs> = {
  name: 'summarise_account',
  description: 'Read what we store about a company (by its website domain): the company record, our contacts there, recent emails from it and our knowledge hub.',
  parameters: SummariseAccountArgs,
  needsConfirmation: false,
  describe: (a) => `Summarise the account ${a.domain}`,
  async run(ctx, actor, args) {
    const domain = args.domain.toLowerCase().replace(/^https?:\/\//, '').replace(/^www\./, '').replace(/\/.*$/, '');
    const company = await repo.findCompanyByDomain(ctx.db, domain);
    const [contacts, emails, knowledge] = await Promise.all([
      repo.findTeamContactsAt(ctx.db, actor.teamId, domain, ACCOUNT_CONTACTS),
      repo.findEmailsFromDomain(ctx.db, actor, domain, ACCOUNT_EMAILS),
      retrieveKnowledge(ctx, actor, { text: company?.name ?? domain, limit: 3 }),
    ]);
    const parts = [
      company ? `Company record: ${JSON.stringify(company)}` : `No company record for ${domain}.`,
      `Our contacts there (${contacts.length}${contacts.length === ACCOUNT_CONTACTS ? '+' : ''}): ${contacts.map((c) => `${c.full_name ?? '?'} (${c.job_title ?? 'no title'})`).join(', ') || 'none'}`,
      ...emails.map((e, i) => `Email ${i + 1} from ${e.from_address}, ${e.sent_at ? new Date(e.sent_at).toISOString().slice(0, 10) : 'undated'}:\n${untrusted(`email ${i + 1}`, `Subject: ${e.subject}\n\n${(e.text_body ?? '').slice(0, 4000)}`)}`),
      ...knowledge.passages.map((p, i) => `Knowledge ${i + 1} (competitor: ${p.isCompetitor}):\n${untrusted(`knowledge ${i + 1}`, p.content)}`),
    ];
    const summary = company ? `${company.name}: ${[company.industry, company.size, company.headquarters_country].filter(Boolean).join(', ')}` : domain;
    return {
      view: { ...emptyView('summarise_account'), summary: `${summary}. ${contacts.length} contacts, ${emails.length} recent emails, ${knowledge.passages.length} knowledge passages.` },
      quotesUntrusted: emails.length > 0 || knowledge.passages.length > 0,
      modelText: parts.join('\n\n'),
    };
  },
};

/** Every sales tool, by name. */
export const SALES_TOOLS: Record<SalesGptToolName, SalesTool> = {
  search_people: searchPeople,
  count_people: countPeopleTool,
  save_search_to_list: saveSearchToList,
  summarise_account: summariseAccount,
  enrich_list: enrichList,
  draft_campaign: draftCampaign,
};

/** The tools as the AI adapter offers them to a model. */
export const salesToolSpecs = (names: readonly SalesGptToolName[] = Object.keys(SALES_TOOLS) as SalesGptToolName[]): ToolSpec[] =>
  names.map((n) => ({ name: n, description: SALES_TOOLS[n].description, parameters: SALES_TOOLS[n].parameters }));

/** Runs a tool on arguments that already passed its schema (the adapter parses them). The caller has the user's yes for tools that need it. */
export async function runSalesTool(ctx: AppContext, actor: Actor, name: SalesGptToolName, args: unknown): Promise<ToolOutcome> {
  const tool = SALES_TOOLS[name];
  return tool.run(ctx, actor, tool.parameters.parse(args));
}
