import { z } from 'zod';
import { AiSource } from '../ai/schemas.js';
import { CampaignStepInput } from '../campaigns/schemas.js';
import { int32, multilineText } from '../primitives.js';

/** Bounds of an AI-generated sequence: the emails written in one call, and the context given. */
export const GENERATED_CAMPAIGN_LIMITS = { emailsMin: 1, emailsMax: 8, contextMax: 4000 } as const;

export const GENERATE_CAMPAIGN_MESSAGES = {
  contextRequired: 'Describe the campaign: what you offer, to whom, and why now',
  failed: 'The AI could not write a valid sequence. Please try again!',
} as const;

/** `POST /api/v1/campaigns/generate`: write a sequence of emails ('AI email', 5 credits each); nothing is saved. */
export const GenerateCampaignBody = z.object({
  context: multilineText().trim().min(1, GENERATE_CAMPAIGN_MESSAGES.contextRequired).max(GENERATED_CAMPAIGN_LIMITS.contextMax).describe('What the campaign offers, to whom, its tone and call to action'),
  emails: int32().min(GENERATED_CAMPAIGN_LIMITS.emailsMin).max(GENERATED_CAMPAIGN_LIMITS.emailsMax).default(4).describe('How many emails the sequence has'),
  listIds: z.array(z.uuid()).max(50).default([]).describe('The audience: lists whose contacts describe who will read it'),
  profileId: z.uuid().optional().describe('Knowledge profile to ground the emails on; your default one when left out'),
});
export type GenerateCampaignBody = z.infer<typeof GenerateCampaignBody>;
export type GenerateCampaignInput = z.input<typeof GenerateCampaignBody>;

export const GenerateCampaignResponse = z.object({
  steps: z.array(CampaignStepInput),
  sources: z.array(AiSource),
  creditsCharged: z.number(),
});
export type GenerateCampaignResponse = z.infer<typeof GenerateCampaignResponse>;
