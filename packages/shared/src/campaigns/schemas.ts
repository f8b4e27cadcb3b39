import { z } from 'zod';
import { int32, multilineText, queryInt32, text, trimmedText } from '../primitives.js';
import { unknownVariableMessage, unknownVariables } from './variables.js';

export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'completed', 'archived'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_STEP_TYPES = ['email', 'linkedin_request', 'linkedin_message', 'call', 'task'] as const;
export type CampaignStepType = (typeof CAMPAIGN_STEP_TYPES)[number];

/**
 * A lead's place in a campaign. `skipped` leads were never enrolled (see skipReason); `failed`
 * leads had an email the mail server refused or that kept failing (see failure); `interested`
 * leads were marked so by a person, which stops their remaining steps.
 */
export const CAMPAIGN_LEAD_STATUSES = ['active', 'completed', 'replied', 'bounced', 'unsubscribed', 'stopped', 'skipped', 'failed', 'interested'] as const;
export type CampaignLeadStatus = (typeof CAMPAIGN_LEAD_STATUSES)[number];

/** Why a list contact was not enrolled. */
export const CAMPAIGN_SKIP_REASONS = {
  no_email: 'No email address',
  invalid: 'Email is invalid',
  do_not_mail: 'Email is marked do not mail',
  suppressed: 'Address is on the suppression list',
  in_other_campaign: 'Already active in another campaign',
} as const;
export type CampaignSkipReason = keyof typeof CAMPAIGN_SKIP_REASONS;

export const CAMPAIGN_LIMITS = {
  nameMax: 120,
  stepsMax: 20,
  variantsMax: 5,
  delayDaysMax: 365,
  dailyLimitMax: 10_000,
  subjectMax: 300,
  bodyMax: 50_000,
  minGapSecondsMax: 86_400,
  autoReplyDelayDaysMax: 30,
} as const;

export const CAMPAIGN_DEFAULTS = { dailyLimit: 50, minGapSeconds: 120, jitterSeconds: 60, autoReplyDelayDays: 3 } as const;

export const CAMPAIGN_MESSAGES = {
  nameRequired: 'A campaign name is required',
  listsRequired: 'Choose at least one list',
  mailboxesRequired: 'Choose at least one mailbox',
  stepsRequired: 'Add at least one step',
  daysRequired: 'Choose at least one sending day',
  windowOrder: 'The sending window must end after it starts',
  badTimezone: 'Unknown time zone',
  emailStepNeedsBody: 'An email step needs a body',
  firstEmailNeedsSubject: 'The first email needs a subject',
  variantWeights: 'Variant splits must add up to 100',
  notDraft: 'Only a draft campaign can be launched',
  notActive: 'Only an active campaign can be paused',
  notPaused: 'Only a paused campaign can be resumed',
  archivedReadOnly: 'An archived campaign cannot be changed',
  activeStepsLocked: 'Steps already reached by leads cannot be removed or reordered',
  unknownMailbox: 'This mailbox is not connected to your team',
  unknownList: 'List not found',
  outOfCredits: 'Paused: the team is out of credits',
  aiUnavailable: 'Connect an AI provider to generate a campaign',
  notActiveLead: 'This contact is not an active lead of this campaign',
  noOpenTask: 'This lead has no open task at this step',
  unsubscribed: 'You have been unsubscribed and will not receive further emails from this sender.',
} as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** When a campaign sends: weekdays (0 = Sunday) and a window in a time zone, 'HH:mm' to 'HH:mm'. */
export const CampaignSchedule = z
  .object({
    timezone: text().max(64).refine(isTimeZone, CAMPAIGN_MESSAGES.badTimezone).describe('IANA time zone, e.g. Europe/Paris'),
    days: z.array(int32().min(0).max(6)).min(1, CAMPAIGN_MESSAGES.daysRequired).max(7).describe('Weekdays, 0 = Sunday'),
    start: text().regex(HHMM, 'Use HH:mm'),
    end: text().regex(HHMM, 'Use HH:mm'),
    useLeadTimezone: z.boolean().default(false).describe("Send in each lead's own time zone where its location gives one"),
  })
  .refine((s) => s.start < s.end, { message: CAMPAIGN_MESSAGES.windowOrder, path: ['end'] })
  .transform((s) => ({ ...s, days: [...new Set(s.days)].sort() }));
export type CampaignSchedule = z.infer<typeof CampaignSchedule>;

const checkVariables = (value: string, ctx: z.RefinementCtx) => {
  const unknown = unknownVariables(value);
  if (unknown.length) ctx.addIssue({ code: 'custom', message: unknownVariableMessage(unknown) });
};
const Subject = text().max(CAMPAIGN_LIMITS.subjectMax).superRefine(checkVariables);
const Body = multilineText().max(CAMPAIGN_LIMITS.bodyMax).superRefine(checkVariables);

export const CampaignVariant = z.object({
  subject: Subject.optional(),
  body: Body,
  /** Share of leads, in percent; a step's variants add up to 100. */
  weight: int32().min(1).max(100),
});
export type CampaignVariant = z.infer<typeof CampaignVariant>;

export const CampaignStepInput = z
  .object({
    type: z.enum(CAMPAIGN_STEP_TYPES),
    delayDays: int32().min(0).max(CAMPAIGN_LIMITS.delayDaysMax).describe('Days after the previous step (after enrolment for the first)'),
    businessDays: z.boolean().default(false).describe('Count only the schedule days in the delay'),
    subject: Subject.optional().describe('Empty on a later email: a reply in the same thread'),
    body: Body.optional(),
    variants: z.array(CampaignVariant).max(CAMPAIGN_LIMITS.variantsMax).optional().describe('A/B variants, replacing subject and body'),
    newThread: z.boolean().default(false),
  })
  .superRefine((step, ctx) => {
    if (step.type !== 'email') return;
    if (step.variants?.length) {
      if (step.variants.reduce((sum, v) => sum + v.weight, 0) !== 100) ctx.addIssue({ code: 'custom', message: CAMPAIGN_MESSAGES.variantWeights, path: ['variants'] });
    } else if (!step.body?.trim()) ctx.addIssue({ code: 'custom', message: CAMPAIGN_MESSAGES.emailStepNeedsBody, path: ['body'] });
  });
export type CampaignStepInput = z.infer<typeof CampaignStepInput>;

const Steps = z
  .array(CampaignStepInput)
  .min(1, CAMPAIGN_MESSAGES.stepsRequired)
  .max(CAMPAIGN_LIMITS.stepsMax)
  .superRefine((steps, ctx) => {
    const first = steps.findIndex((s) => s.type === 'email');
    if (first < 0) return;
    const step = steps[first]!;
    const subjects = step.variants?.length ? step.variants.map((v) => v.subject) : [step.subject];
    if (subjects.some((s) => !s?.trim())) ctx.addIssue({ code: 'custom', message: CAMPAIGN_MESSAGES.firstEmailNeedsSubject, path: [first, 'subject'] });
  });

const Email = text().max(320).email();

const campaignFields = {
  name: trimmedText().min(1, CAMPAIGN_MESSAGES.nameRequired).max(CAMPAIGN_LIMITS.nameMax),
  listIds: z.array(z.uuid()).min(1, CAMPAIGN_MESSAGES.listsRequired).max(50),
  mailboxes: z.array(Email).min(1, CAMPAIGN_MESSAGES.mailboxesRequired).max(200).describe('Sender addresses of connected mailboxes, rotated'),
  schedule: CampaignSchedule,
  dailyLimit: int32().min(1).max(CAMPAIGN_LIMITS.dailyLimitMax).describe('Most emails this campaign sends per day, all mailboxes together'),
  minGapSeconds: int32().min(0).max(CAMPAIGN_LIMITS.minGapSecondsMax).describe('Least time between two sends of one mailbox'),
  jitterSeconds: int32().min(0).max(CAMPAIGN_LIMITS.minGapSecondsMax).describe('Random extra wait added to the gap'),
  autoReplyDelayDays: int32().min(0).max(CAMPAIGN_LIMITS.autoReplyDelayDaysMax).describe('How far an automatic reply postpones the next step'),
  allowActiveElsewhere: z.boolean().describe('Enrol contacts already active in another campaign of the team'),
  trackOpens: z.boolean().describe('Count opens with a 1x1 image in the HTML part (off by default)'),
  trackClicks: z.boolean().describe('Send links through signed redirects that count clicks (off by default)'),
  unsubscribeFooter: z.boolean().describe('Show an unsubscribe link to the public page in the footer (the List-Unsubscribe header is always sent)'),
  steps: Steps,
};

/** `POST /api/v1/campaigns`: creates a draft. */
export const CampaignCreateBody = z.object({
  ...campaignFields,
  dailyLimit: campaignFields.dailyLimit.default(CAMPAIGN_DEFAULTS.dailyLimit),
  minGapSeconds: campaignFields.minGapSeconds.default(CAMPAIGN_DEFAULTS.minGapSeconds),
  jitterSeconds: campaignFields.jitterSeconds.default(CAMPAIGN_DEFAULTS.jitterSeconds),
  autoReplyDelayDays: campaignFields.autoReplyDelayDays.default(CAMPAIGN_DEFAULTS.autoReplyDelayDays),
  allowActiveElsewhere: campaignFields.allowActiveElsewhere.default(false),
  trackOpens: campaignFields.trackOpens.default(false),
  trackClicks: campaignFields.trackClicks.default(false),
  unsubscribeFooter: campaignFields.unsubscribeFooter.default(true),
});
export type CampaignCreateBody = z.infer<typeof CampaignCreateBody>;
export type CampaignCreateInput = z.input<typeof CampaignCreateBody>;

/** `PATCH /api/v1/campaigns/{id}`: any field; steps replace the campaign's steps. */
export const CampaignUpdateBody = z.object(campaignFields).partial();
export type CampaignUpdateBody = z.infer<typeof CampaignUpdateBody>;

export const CampaignIdParams = z.object({ id: z.uuid() });

export const CampaignListQuery = z.object({ status: z.enum(CAMPAIGN_STATUSES).optional() });

export const CampaignLeadsQuery = z.object({
  status: z.enum(CAMPAIGN_LEAD_STATUSES).optional(),
  page: queryInt32().min(1).default(1),
  limit: queryInt32().min(1).max(200).default(50),
});

export const CampaignPreviewBody = z.object({ stepIndex: int32().min(0).max(CAMPAIGN_LIMITS.stepsMax - 1), contactId: z.uuid().optional(), variant: int32().min(0).max(CAMPAIGN_LIMITS.variantsMax - 1).default(0) });

export const CampaignCounts = z.object({
  leads: z.number().int(),
  skipped: z.number().int(),
  sent: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  replied: z.number().int(),
  bounced: z.number().int(),
  unsubscribed: z.number().int(),
});
export type CampaignCounts = z.infer<typeof CampaignCounts>;

export const CampaignStepDto = z.object({
  id: z.string(),
  position: z.number().int(),
  type: z.enum(CAMPAIGN_STEP_TYPES),
  delayDays: z.number().int(),
  businessDays: z.boolean(),
  subject: z.string().nullable(),
  body: z.string().nullable(),
  variants: z.array(z.object({ subject: z.string().optional(), body: z.string(), weight: z.number().int() })).nullable(),
  newThread: z.boolean(),
  counts: CampaignCounts.omit({ leads: true, skipped: true }),
});
export type CampaignStepDto = z.infer<typeof CampaignStepDto>;

export const CampaignSummaryDto = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  statusReason: z.string().nullable(),
  createdAt: z.string(),
  launchedAt: z.string().nullable(),
  counts: CampaignCounts,
});
export type CampaignSummaryDto = z.infer<typeof CampaignSummaryDto>;

export const CampaignDto = CampaignSummaryDto.extend({
  lists: z.array(z.object({ id: z.string(), name: z.string() })),
  mailboxes: z.array(z.string()),
  schedule: z.object({ timezone: z.string(), days: z.array(z.number().int()), start: z.string(), end: z.string(), useLeadTimezone: z.boolean() }),
  dailyLimit: z.number().int(),
  minGapSeconds: z.number().int(),
  jitterSeconds: z.number().int(),
  autoReplyDelayDays: z.number().int(),
  allowActiveElsewhere: z.boolean(),
  trackOpens: z.boolean(),
  trackClicks: z.boolean(),
  unsubscribeFooter: z.boolean(),
  steps: z.array(CampaignStepDto),
});
export type CampaignDto = z.infer<typeof CampaignDto>;

export const CampaignLeadDto = z.object({
  id: z.string(),
  contactId: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  companyName: z.string().nullable(),
  status: z.enum(CAMPAIGN_LEAD_STATUSES),
  skipReason: z.string().nullable(),
  nextStep: z.number().int().nullable().describe('Position of the next step, null when the lead is done'),
  nextAt: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  failure: z
    .object({ step: z.number().int(), reason: z.string().describe("The mail server's answer, or the last error") })
    .nullable()
    .describe('The email that could not be sent, for a failed lead'),
});
export type CampaignLeadDto = z.infer<typeof CampaignLeadDto>;

/** A lead of the campaign, named by its contact (the leads table carries contactId). */
export const CampaignLeadBody = z.object({ contactId: z.uuid() });
export const CampaignTaskDoneBody = z.object({ contactId: z.uuid(), stepIndex: int32().min(0).max(CAMPAIGN_LIMITS.stepsMax - 1) });

/** A LinkedIn, call or task step waiting for a person: marking it done moves the lead on. */
export const CampaignTaskDto = z.object({
  id: z.string(),
  leadId: z.string(),
  contactId: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  companyName: z.string().nullable(),
  stepIndex: z.number().int(),
  type: z.enum(CAMPAIGN_STEP_TYPES),
  instructions: z.string().nullable(),
  createdAt: z.string(),
});
export type CampaignTaskDto = z.infer<typeof CampaignTaskDto>;
export const CampaignTasksResponse = z.object({ data: z.array(CampaignTaskDto) });
export const CampaignLeadActionResponse = z.object({ data: z.object({ leadId: z.string(), status: z.enum(CAMPAIGN_LEAD_STATUSES), nextStep: z.number().int().nullable() }) });

export const CampaignListResponse = z.object({ data: z.array(CampaignSummaryDto) });
export const CampaignResponse = z.object({ data: CampaignDto });
export const CampaignLeadsResponse = z.object({
  data: z.array(CampaignLeadDto),
  pagination: z.object({ currentPage: z.number().int(), totalPages: z.number().int(), totalRecords: z.number().int() }),
});
export const CampaignPreviewResponse = z.object({ data: z.object({ subject: z.string().nullable(), body: z.string().nullable(), to: z.string().nullable() }) });
export const CampaignDeleteResponse = z.object({ data: z.object({ id: z.string() }) });

/** Suppressions: addresses no campaign of the team sends to. */
export const SuppressionBody = z.object({ emails: z.array(Email).min(1).max(10_000) });
export const SuppressionDeleteBody = z.object({ email: Email });
export const SuppressionListQuery = z.object({
  page: queryInt32().min(1).default(1),
  limit: queryInt32().min(1).max(200).default(50),
  search: trimmedText().max(320).optional().describe('Part of an address, any case'),
});
export const SuppressionDto = z.object({ email: z.string(), reason: z.string(), createdAt: z.string() });
export const SuppressionListResponse = z.object({
  data: z.array(SuppressionDto),
  pagination: z.object({ currentPage: z.number().int(), totalPages: z.number().int(), totalRecords: z.number().int() }),
});
export const SuppressionAddResponse = z.object({ data: z.object({ added: z.number().int() }) });
export const SuppressionDeleteResponse = z.object({
  data: z.object({ email: z.string(), undoToken: z.string().describe('Puts the address back as it was (reason, date added) for 10 minutes: POST /api/v1/suppressions/restore') }),
});
export const SuppressionRestoreBody = z.object({ undoToken: text().max(1024) });
export const SuppressionRestoreResponse = z.object({ data: SuppressionDto });

export const UnsubscribeParams = z.object({ token: text().max(2000) });
