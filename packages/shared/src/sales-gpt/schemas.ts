import { z } from 'zod';
import { GENERATED_CAMPAIGN_LIMITS } from '../agents/generate-campaign.js';
import { EnrichType } from '../enrichment/schemas.js';
import { int32, multilineText, storableText, trimmedText } from '../primitives.js';
import { SearchFilters } from '../search/filters.js';

/** SalesGPT's messages; the AI one is AI_MESSAGES.notConfigured. */
export const SALES_GPT_MESSAGES = {
  conversationNotFound: 'Conversation not found.',
  actionNotFound: 'Action not found.',
  nothingToConfirm: 'This action is no longer waiting for a confirmation.',
  defaultTitle: 'New conversation',
} as const;

/** Rows a search tool shows in the chat; the search screen shows the rest. */
export const SALES_GPT_SEARCH_ROWS = 10;
/** Most people one save-to-list action adds. */
export const SALES_GPT_SAVE_LIMIT = 1000;
/** Tool rounds in one answer before the server stops asking the model. */
export const SALES_GPT_MAX_TOOL_ROUNDS = 4;

/* ---- The tools' arguments: what the model writes, validated before anything runs. ---- */

export const SearchPeopleArgs = z.object({ filters: SearchFilters });
export const CountPeopleArgs = z.object({ filters: SearchFilters });
export const SaveSearchToListArgs = z.object({
  filters: SearchFilters,
  listName: trimmedText().min(1).max(200),
  limit: int32().min(1).max(SALES_GPT_SAVE_LIMIT),
});
export const SummariseAccountArgs = z.object({ domain: trimmedText().min(3).max(253) });
/** A list the model names: its name as the member sees it, or its id. */
const ListRef = trimmedText().min(1).max(200).describe("The list's name as the user wrote it, or its id");
export const EnrichListArgs = z.object({
  list: ListRef,
  enrichType: EnrichType.describe('email: emails only; phone: phones only; all: both'),
});
export const DraftCampaignArgs = z.object({
  list: ListRef.describe('The list whose contacts the campaign will write to: its name as the user wrote it, or its id'),
  name: trimmedText().min(1).max(120).describe("The draft campaign's name"),
  brief: multilineText().trim().min(1).max(GENERATED_CAMPAIGN_LIMITS.contextMax).describe('What the campaign offers, to whom, its tone and call to action, from the user\'s words'),
  emails: int32().min(GENERATED_CAMPAIGN_LIMITS.emailsMin).max(GENERATED_CAMPAIGN_LIMITS.emailsMax).describe('How many emails the sequence has'),
});
export type EnrichListArgs = z.infer<typeof EnrichListArgs>;
export type DraftCampaignArgs = z.infer<typeof DraftCampaignArgs>;
export type SearchPeopleArgs = z.infer<typeof SearchPeopleArgs>;
export type CountPeopleArgs = z.infer<typeof CountPeopleArgs>;
export type SaveSearchToListArgs = z.infer<typeof SaveSearchToListArgs>;
export type SummariseAccountArgs = z.infer<typeof SummariseAccountArgs>;

export const SALES_GPT_TOOLS = ['search_people', 'count_people', 'save_search_to_list', 'summarise_account', 'enrich_list', 'draft_campaign'] as const;
export type SalesGptToolName = (typeof SALES_GPT_TOOLS)[number];

/* ---- Conversations ---- */

export const ConversationIdParams = z.object({ conversationId: z.uuid() });
export const CreateConversationBody = z.object({ title: trimmedText().min(1).max(200).optional() });
export const RenameConversationBody = z.object({ title: trimmedText().min(1).max(200) });
export const SendChatMessageBody = z.object({ content: storableText().trim().min(1, 'Write a message').max(8000) });
export const ConfirmToolBody = z.object({ actionId: z.uuid(), approve: z.boolean() });
export type CreateConversationBody = z.input<typeof CreateConversationBody>;
export type RenameConversationBody = z.input<typeof RenameConversationBody>;
export type SendChatMessageBody = z.input<typeof SendChatMessageBody>;
export type ConfirmToolBody = z.input<typeof ConfirmToolBody>;

/** A tool's outcome as the chat shows it. */
export const ToolResultView = z.object({
  tool: z.enum(SALES_GPT_TOOLS),
  /** The filters the model wrote, after validation and normalisation: shown as chips, opened in the search screen. */
  filters: SearchFilters.nullable(),
  total: z.number().nullable(),
  totalIsLowerBound: z.boolean(),
  rows: z.array(z.object({ id: z.string(), fullName: z.string().nullable(), jobTitle: z.string().nullable(), company: z.string().nullable(), location: z.string().nullable() })),
  list: z.object({ id: z.string(), name: z.string(), added: z.number() }).nullable(),
  summary: z.string().nullable(),
  /** A started list enrichment: its job's progress shows in the chat. */
  enrichment: z.object({ jobId: z.string(), listId: z.string(), listName: z.string(), prospects: z.number(), creditsHeld: z.number() }).nullable().default(null),
  /** A saved draft campaign, never launched. */
  campaign: z.object({ id: z.string(), name: z.string(), emails: z.number(), creditsCharged: z.number() }).nullable().default(null),
});
export type ToolResultView = z.infer<typeof ToolResultView>;

export const ChatMessageDto = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant', 'tool']),
  content: z.string(),
  /** A tool the model asked for that changes data or spends credits: it runs only once the user confirms. */
  pendingAction: z
    .object({ actionId: z.string(), tool: z.enum(SALES_GPT_TOOLS), summary: z.string(), filters: SearchFilters.nullable(), status: z.enum(['pending', 'approved', 'declined']) })
    .nullable(),
  result: ToolResultView.nullable(),
  createdAt: z.string(),
});
export type ChatMessageDto = z.infer<typeof ChatMessageDto>;

export const ConversationDto = z.object({ id: z.string(), title: z.string(), createdAt: z.string(), updatedAt: z.string() });
export type ConversationDto = z.infer<typeof ConversationDto>;

export const ConversationsResponse = z.object({ data: z.array(ConversationDto) });
export const ConversationResponse = z.object({ data: ConversationDto });
export const ConversationMessagesResponse = z.object({ data: z.object({ conversation: ConversationDto, messages: z.array(ChatMessageDto) }) });
export const DeleteConversationResponse = z.object({ data: z.object({ deleted: z.literal(true) }) });

/** One server-sent event of a streamed answer (`data: <json>`). */
export type ChatStreamEvent =
  | { type: 'text'; text: string }
  | { type: 'message'; message: ChatMessageDto }
  | { type: 'error'; code: string; message: string }
  | { type: 'done' };
