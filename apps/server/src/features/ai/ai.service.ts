import type { AiStatusResponse } from '@leadline/shared';
import type { AppContext } from '../../lib/context.js';
import { aiNotConfigured, aiProviderFor, type AiProvider } from './ai-provider.js';

export function aiStatus(ctx: AppContext): AiStatusResponse {
  const provider = aiProviderFor(ctx.config);
  return { configured: provider !== null, model: provider?.model ?? null, embeddings: Boolean(provider?.embeddingModel) };
}

/** The configured provider; without one, the clear error every AI route answers (503). */
export function requireAi(ctx: AppContext): AiProvider {
  const provider = aiProviderFor(ctx.config);
  if (!provider) throw aiNotConfigured();
  return provider;
}
