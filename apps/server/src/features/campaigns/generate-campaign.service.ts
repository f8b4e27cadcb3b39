/**
 * "AI generated" in the new-campaign flow: the model writes the whole sequence (subjects,
 * bodies with our variables, delays) from the user's context, the audience's lists and the
 * member's knowledge profile, as JSON-schema structured output. The answer must pass the
 * shared campaign step schema (known variables, a subject on the first email) or nothing is
 * charged. Each written email costs 'AI email' (5): the most asked for is held first, the
 * written ones are charged and the rest released. Nothing is saved: the steps go to the editor.
 */
import { randomUUID } from 'node:crypto';
import { AI_MESSAGES, AppError, CREDIT_COSTS } from '@leadline/shared';
import type { GenerateCampaignBody } from '@leadline/shared/agents/index';
import { CAMPAIGN_DEFAULTS, CAMPAIGN_VARIABLES, CampaignStepInput } from '@leadline/shared/campaigns/index';
import { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { loadPrompt, renderPrompt, requireAi, untrusted } from '../ai/index.js';
import { chargeHoldMany, holdCredits, releaseHold } from '../credits/index.js';
import { formatKnowledgePassages, retrieveKnowledge } from '../knowledge-hub/index.js';
import { pageListContacts, requireList } from '../lists/index.js';
import { createCampaign } from './campaigns.service.js';

/** What the model fills in; strict structured output wants every field present. */
const ModelSequence = z.object({
  emails: z.array(z.object({ subject: z.string(), body: z.string(), delayDays: z.number().int() })),
});

const AUDIENCE_SAMPLE = 15;

/** The lists' names and a sample of who is on them: titles, companies, industries, countries. */
async function audienceOf(ctx: AppContext, actor: Actor, listIds: string[]): Promise<string> {
  if (listIds.length === 0) return '(not chosen yet: write for the audience the campaign describes)';
  const parts: string[] = [];
  for (const id of listIds) {
    const list = await requireList(ctx.db, actor, id);
    const { rows, total } = await pageListContacts(ctx.db, list.id, { pageNum: 1, limit: AUDIENCE_SAMPLE, sortBy: 'addedAt', sortOrder: 'desc' });
    const people = rows.map((c) => [c.job_title, c.company_name, c.industry, c.country].filter(Boolean).join(' | ')).filter(Boolean);
    parts.push(`List "${list.name}" (${total} contacts):\n${people.join('\n') || '(no details)'}`);
  }
  return untrusted('audience', parts.join('\n\n'));
}

/** The model's emails as campaign steps, or a failure when they do not pass the shared schema. */
function stepsOf(emails: z.infer<typeof ModelSequence>['emails'], wanted: number) {
  if (emails.length === 0 || emails.length > wanted) throw new AppError('PROVIDER_UNAVAILABLE', AI_MESSAGES.malformedAnswer);
  const steps = emails.map((e, i) => ({ type: 'email' as const, delayDays: i === 0 ? 0 : Math.min(Math.max(e.delayDays, 1), 60), subject: e.subject.trim() || undefined, body: e.body.trim(), newThread: i > 0 && Boolean(e.subject.trim()) }));
  const parsed = z.array(CampaignStepInput).safeParse(steps);
  if (!parsed.success || !steps[0]!.subject) throw new AppError('PROVIDER_UNAVAILABLE', AI_MESSAGES.malformedAnswer, { cause: parsed.error });
  return parsed.data;
}

export async function generateCampaign(ctx: AppContext, actor: Actor, body: GenerateCampaignBody) {
  const ai = requireAi(ctx);
  const audience = await audienceOf(ctx, actor, body.listIds);
  const knowledge = formatKnowledgePassages(await retrieveKnowledge(ctx, actor, { profileId: body.profileId, text: body.context }));
  const messages = renderPrompt(loadPrompt('campaign-sequence', 1), {
    sender: untrusted('sender', `${actor.name} <${actor.email}>`),
    emails: String(body.emails),
    variables: `${CAMPAIGN_VARIABLES.map((v) => `{{${v}}}`).join(', ')} (a fallback after a bar is used when the value is missing, e.g. {{firstName|there}})`,
    context: untrusted('campaign context', body.context),
    audience,
    knowledge: knowledge.text,
  });

  const key = `ai:campaign:${randomUUID()}`;
  const reason = 'AI-generated campaign';
  const { entry: hold } = await holdCredits(ctx.db, { teamId: actor.teamId, userId: actor.userId, action: 'ai_email', amount: body.emails * CREDIT_COSTS.aiEmail, idempotencyKey: `${key}:hold`, reason });
  try {
    const answer = await ai.completeJson({ teamId: actor.teamId, messages, temperature: 0.6, schemaName: 'campaign_sequence', schema: ModelSequence });
    const steps = stepsOf(answer.emails, body.emails);
    await chargeHoldMany(ctx.db, { teamId: actor.teamId, holdId: hold.id, action: 'ai_email', reason, charges: steps.map((_, i) => ({ amount: CREDIT_COSTS.aiEmail, idempotencyKey: `${key}:email:${i}` })) });
    return { steps, sources: knowledge.sources, creditsCharged: steps.length * CREDIT_COSTS.aiEmail };
  } finally {
    // Whatever the hold has left (all of it on a failure, the unwritten emails otherwise) goes back.
    await releaseHold(ctx.db, { teamId: actor.teamId, holdId: hold.id, reason: `${reason}: unused` });
  }
}

/**
 * SalesGPT's "draft a campaign": writes the sequence as above (charged the same way) and saves it
 * as a draft campaign to the lists, sending Monday to Friday, 09:00-17:00 UTC, with no sender
 * chosen yet. A draft is never launched here: the member picks senders and launches it.
 */
export async function generateDraftCampaign(ctx: AppContext, actor: Actor, options: { name: string; listIds: string[]; brief: string; emails: number }) {
  const written = await generateCampaign(ctx, actor, { context: options.brief, emails: options.emails, listIds: options.listIds });
  const campaign = await createCampaign(ctx.db, actor, {
    name: options.name,
    listIds: options.listIds,
    mailboxes: [],
    schedule: { timezone: 'UTC', days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00', useLeadTimezone: false },
    dailyLimit: CAMPAIGN_DEFAULTS.dailyLimit,
    minGapSeconds: CAMPAIGN_DEFAULTS.minGapSeconds,
    jitterSeconds: CAMPAIGN_DEFAULTS.jitterSeconds,
    autoReplyDelayDays: CAMPAIGN_DEFAULTS.autoReplyDelayDays,
    allowActiveElsewhere: false,
    trackOpens: false,
    trackClicks: false,
    unsubscribeFooter: true,
    steps: written.steps,
  });
  return { id: campaign.id, name: campaign.name, status: campaign.status, emails: written.steps.length, creditsCharged: written.creditsCharged, sources: written.sources };
}
