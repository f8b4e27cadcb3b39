import { z } from 'zod';

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
