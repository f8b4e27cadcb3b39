/** The AI feature's public surface: the provider adapter, prompts, quoting of untrusted text and paid calls. */
export { aiNotConfigured, aiProviderFor, type AiProvider, type ChatMessage, type ChatResult, type ToolCall, type ToolSpec } from './ai-provider.js';
export { requireAi, aiStatus } from './ai.service.js';
export { loadPrompt, renderPrompt, untrusted } from './prompts.js';
export { withAiCredits } from './ai-credits.js';
