import { z } from 'zod';
import { storableText, trimmedText } from '../primitives.js';

export const AI_MESSAGES = {
  notConfigured: 'AI is not configured on this server',
  providerFailed: 'The AI provider did not answer. Please try again later!',
  malformedAnswer: 'The AI provider sent an answer that could not be read. Please try again later!',
} as const;

/** Whether this server has an AI provider; every AI control reads it before offering itself. */
export const AiStatusResponse = z.object({
  configured: z.boolean(),
  /** The chat model's name, when configured. */
  model: z.string().nullable(),
  /** Knowledge hub retrieval also ranks by embeddings. */
  embeddings: z.boolean(),
});
export type AiStatusResponse = z.infer<typeof AiStatusResponse>;

/** spec/engage.md §8, verbatim, and the inbox AI's other messages. */
export const INBOX_AI_MESSAGES = {
  noContentToSummarize: 'No email content found to summarize',
  noContentToReply: 'No email content found to reply to',
  summaryReady: 'Summary generated successfully',
  replyFailed: 'There was an error generating the reply. Please try again later!',
  emailFailed: 'There was an error generating the email. Please try again later!',
  summaryFailed: 'There was an error summarizing this email. Please try again later!',
} as const;

const optionalProfileId = z.uuid().optional();

/** `POST /knowledge-hub/generate-email-reply`: a draft answer to the thread's last message. */
export const GenerateEmailReplyBody = z.object({ emailId: z.uuid(), profileId: optionalProfileId });
/** `POST /knowledge-hub/generate-email-from-subject-line`. */
export const GenerateEmailFromSubjectBody = z.object({ subject: trimmedText().min(1, 'A subject line is required').max(500), profileId: optionalProfileId });
/** `POST /knowledge-hub/generate-email-thread-summary`. */
export const GenerateThreadSummaryBody = z.object({ emailId: z.uuid() });
/** `POST /knowledge-hub/generate-linkedin-reply`: the conversation, oldest first (the LinkedIn inbox passes it). */
export const GenerateLinkedinReplyBody = z.object({
  messages: z.array(z.object({ sender: trimmedText().max(200), text: storableText().max(20_000) })).min(1).max(100),
  profileId: optionalProfileId,
});
export type GenerateEmailReplyBody = z.input<typeof GenerateEmailReplyBody>;
export type GenerateEmailFromSubjectBody = z.input<typeof GenerateEmailFromSubjectBody>;
export type GenerateThreadSummaryBody = z.input<typeof GenerateThreadSummaryBody>;
export type GenerateLinkedinReplyBody = z.input<typeof GenerateLinkedinReplyBody>;

/** A knowledge passage a draft was grounded on. */
export const AiSource = z.object({ index: z.number(), url: z.string().nullable(), title: z.string().nullable(), isCompetitor: z.boolean() });
export type AiSource = z.infer<typeof AiSource>;

export const GenerateEmailReplyResponse = z.object({ success: z.literal(true), reply: z.string(), sources: z.array(AiSource) });
export const GenerateEmailResponse = z.object({ success: z.literal(true), email: z.string(), sources: z.array(AiSource) });
export const GenerateThreadSummaryResponse = z.object({ success: z.literal(true), data: z.object({ summary: z.string() }), message: z.string() });
export type GenerateEmailReplyResponse = z.infer<typeof GenerateEmailReplyResponse>;
export type GenerateEmailResponse = z.infer<typeof GenerateEmailResponse>;
export type GenerateThreadSummaryResponse = z.infer<typeof GenerateThreadSummaryResponse>;
