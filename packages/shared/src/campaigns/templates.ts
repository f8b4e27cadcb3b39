import { z } from 'zod';
import { text, trimmedText } from '../primitives.js';
import { CAMPAIGN_STEP_TYPES, CampaignCreateBody } from './schemas.js';

export const CAMPAIGN_TEMPLATE_MESSAGES = {
  nameRequired: 'A template name is required',
  nameTaken: 'Your team already has a template with this name',
  builtInReadOnly: 'Built-in templates cannot be renamed or deleted',
  stepsOrCampaign: 'Give the steps or the campaign to copy them from, not both',
  saved: 'Template saved',
  renamed: 'Template renamed',
  updated: 'Template saved',
  deleted: 'Template deleted',
} as const;

export const CAMPAIGN_TEMPLATE_LIMITS = { nameMax: 120, descriptionMax: 300 } as const;

/** Built-in templates are named `builtin-<slug>`; a team's own by their uuid. */
export const CampaignTemplateIdParams = z.object({
  id: text()
    .max(80)
    .regex(/^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|builtin-[a-z0-9-]{1,60})$/i, 'Not a template id'),
});

const name = trimmedText().min(1, CAMPAIGN_TEMPLATE_MESSAGES.nameRequired).max(CAMPAIGN_TEMPLATE_LIMITS.nameMax);

/** `POST /api/v1/campaign-templates`: the steps as written, or those of one of the team's campaigns. */
export const CampaignTemplateCreateBody = z
  .object({
    name,
    description: trimmedText().max(CAMPAIGN_TEMPLATE_LIMITS.descriptionMax).optional(),
    steps: CampaignCreateBody.shape.steps.optional(),
    campaignId: z.uuid().optional().describe("Copy this campaign's steps"),
  })
  .refine((b) => (b.steps === undefined) !== (b.campaignId === undefined), { message: CAMPAIGN_TEMPLATE_MESSAGES.stepsOrCampaign, path: ['steps'] });
export type CampaignTemplateCreateBody = z.infer<typeof CampaignTemplateCreateBody>;

/** `PATCH /api/v1/campaign-templates/{id}`: rename, and with `steps` rewrite them (the team's own templates only). */
export const CampaignTemplateUpdateBody = z.object({
  name,
  description: trimmedText().max(CAMPAIGN_TEMPLATE_LIMITS.descriptionMax).optional(),
  steps: CampaignCreateBody.shape.steps.optional().describe('The new steps; left out, they stay as they are'),
});
export type CampaignTemplateUpdateBody = z.infer<typeof CampaignTemplateUpdateBody>;

export const CampaignTemplateStepDto = z.object({
  type: z.enum(CAMPAIGN_STEP_TYPES),
  delayDays: z.number().int(),
  businessDays: z.boolean(),
  subject: z.string().optional(),
  body: z.string().optional(),
  variants: z.array(z.object({ subject: z.string().optional(), body: z.string(), weight: z.number().int() })).optional(),
  newThread: z.boolean(),
});
/** A template's step has the shape of a campaign step in `POST /api/v1/campaigns`, so the steps can be sent as they are. */
export type CampaignTemplateStepDto = z.infer<typeof CampaignTemplateStepDto>;

export const CampaignTemplateDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  builtIn: z.boolean().describe('Written by Leadline: read-only, the same for every team'),
  steps: z.array(CampaignTemplateStepDto),
  createdAt: z.string().nullable(),
  createdBy: z.string().nullable().describe("The name of the member who saved it; null for a built-in"),
});
export type CampaignTemplateDto = z.infer<typeof CampaignTemplateDto>;

export const CampaignTemplateListResponse = z.object({ data: z.array(CampaignTemplateDto) });
export const CampaignTemplateResponse = z.object({ data: CampaignTemplateDto });
export const CampaignTemplateDeleteResponse = z.object({ data: z.object({ id: z.string() }) });
