import { z } from 'zod';
import { CREDIT_COSTS } from '../credits/constants.js';
import { int32, multilineText, trimmedText } from '../primitives.js';

/** Agents (spec/engage.md, /signals/agents): saved instructions that run on a schedule. */
export const AGENT_KINDS = ['list_builder', 'research'] as const;
export type AgentKind = (typeof AGENT_KINDS)[number];

export const AGENT_SCHEDULES = ['manual', 'hourly', 'daily', 'weekly'] as const;
export type AgentSchedule = (typeof AGENT_SCHEDULES)[number];

export const AGENT_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type AgentRunStatus = (typeof AGENT_RUN_STATUSES)[number];

export const AGENT_LIMITS = {
  nameMax: 100,
  instructionsMax: 2000,
  /** New people a list builder adds in one run, at most. */
  maxResultsMax: 100,
  /** Accounts a research agent answers in one run, at most. */
  researchAccountsMax: 100,
  answerMax: 2000,
} as const;

export const AGENT_MESSAGES = {
  nameRequired: 'Name the agent',
  instructionsRequired: 'Tell the agent what to do',
  runInProgress: 'This agent is already running',
  noFilters: 'The AI could not turn these instructions into search filters',
  notContactList: 'Choose a list of people',
  listGone: 'The agent’s list no longer exists',
} as const;

/** What the agent screens show as costs, in credits (spec §9). */
export const AGENT_COSTS = { listBuilderRun: CREDIT_COSTS.agentListBuilder, researchQuery: CREDIT_COSTS.agentResearchQuery, aiEmail: CREDIT_COSTS.aiEmail } as const;

export const AGENT_KIND_LABELS: Record<AgentKind, string> = { list_builder: 'List builder', research: 'Research agent' };

const fields = {
  name: trimmedText().min(1, AGENT_MESSAGES.nameRequired).max(AGENT_LIMITS.nameMax),
  instructions: multilineText().trim().min(1, AGENT_MESSAGES.instructionsRequired).max(AGENT_LIMITS.instructionsMax).describe('List builder: the ideal customer profile in plain words. Research agent: the question asked about each account'),
  schedule: z.enum(AGENT_SCHEDULES),
  maxResults: int32().min(1).max(AGENT_LIMITS.maxResultsMax).describe('List builder: new people added per run, at most'),
};

/** `POST /api/v1/agents`. */
export const AgentCreateBody = z.object({
  kind: z.enum(AGENT_KINDS),
  listId: z.uuid().describe('List builder: the list it adds to. Research agent: the list whose accounts it researches'),
  profileId: z.uuid().optional().describe('Research agent: knowledge profile to ground answers on; your default when left out'),
  ...fields,
  schedule: fields.schedule.default('daily'),
  maxResults: fields.maxResults.default(25),
});
export type AgentCreateBody = z.infer<typeof AgentCreateBody>;
export type AgentCreateInput = z.input<typeof AgentCreateBody>;

/** `PATCH /api/v1/agents/{id}`. */
export const AgentUpdateBody = z.object(fields).partial();
export type AgentUpdateBody = z.infer<typeof AgentUpdateBody>;

export const AgentIdParams = z.object({ id: z.uuid() });
export const AgentRunParams = z.object({ id: z.uuid(), runId: z.uuid() });

export const AgentRunDto = z.object({
  id: z.string(),
  status: z.enum(AGENT_RUN_STATUSES),
  trigger: z.enum(['schedule', 'manual']),
  progressDone: z.number(),
  progressTotal: z.number().nullable(),
  /** People added (list builder) or accounts answered (research). */
  results: z.number(),
  creditsCharged: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AgentRunDto = z.infer<typeof AgentRunDto>;

export const AgentDto = z.object({
  id: z.string(),
  kind: z.enum(AGENT_KINDS),
  name: z.string(),
  instructions: z.string(),
  schedule: z.enum(AGENT_SCHEDULES),
  maxResults: z.number(),
  listId: z.string().nullable(),
  listName: z.string().nullable(),
  profileId: z.string().nullable(),
  paused: z.boolean(),
  nextRunAt: z.string().nullable(),
  createdAt: z.string(),
  lastRun: AgentRunDto.nullable(),
});
export type AgentDto = z.infer<typeof AgentDto>;

export const AgentResponse = z.object({ data: AgentDto });
export const AgentListResponse = z.object({ data: z.array(AgentDto) });
export const AgentRunsResponse = z.object({ data: z.array(AgentRunDto) });
export const AgentRunResponse = z.object({ data: AgentRunDto });
export const AgentDeleteResponse = z.object({ success: z.literal(true) });

/** One row of a run's results: a person added, or an account with the agent's answer. */
export const AgentResultDto = z.object({ contactId: z.string(), name: z.string().nullable(), jobTitle: z.string().nullable(), companyName: z.string().nullable(), answer: z.string().nullable() });
export const AgentRunDetailResponse = z.object({ data: AgentRunDto.extend({ filters: z.unknown().nullable(), items: z.array(AgentResultDto) }) });
export type AgentRunDetail = z.infer<typeof AgentRunDetailResponse>['data'];
