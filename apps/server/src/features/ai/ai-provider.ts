/**
 * The one adapter to a language model: the OpenAI-compatible chat-completions API through the
 * official client with a base URL, so OpenAI and self-hosted servers (Ollama, vLLM, LM Studio)
 * are the same code. The client retries 408, 409, 429 (after Retry-After) and 5xx and enforces
 * the timeout; this file turns every failure into an AppError the routes can answer, validates
 * structured output against its zod schema and limits each team's concurrent calls.
 */
import { AI_MESSAGES, AppError } from '@leadline/shared';
import OpenAI from 'openai';
import { z } from 'zod';
import type { Config } from '../../lib/config.js';
import { TeamLimiter } from './team-limiter.js';

export type ChatMessage = OpenAI.Chat.ChatCompletionMessageParam;

/** A function the model may ask us to call; `parameters` is a zod object, sent as JSON Schema. */
export type ToolSpec = { name: string; description: string; parameters: z.ZodType };

export type ToolCall = { id: string; name: string; arguments: unknown };

export type ChatRequest = {
  teamId: string;
  messages: ChatMessage[];
  tools?: ToolSpec[];
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
};

export type ChatResult = { text: string; toolCalls: ToolCall[]; finishReason: string | null; usage: { promptTokens: number; completionTokens: number } | null };

/** One piece of a streamed answer: text as it comes, then the tool calls and finish reason at the end. */
export type ChatChunk = { type: 'text'; text: string } | { type: 'done'; result: ChatResult };

export type AiProvider = {
  model: string;
  embeddingModel: string | undefined;
  complete(request: ChatRequest): Promise<ChatResult>;
  stream(request: ChatRequest): AsyncGenerator<ChatChunk>;
  /** The answer as JSON that must match `schema` (JSON-schema structured output). */
  completeJson<T>(request: ChatRequest & { schemaName: string; schema: z.ZodType<T> }): Promise<T>;
  /** Vectors for `texts`, or null when no embedding model is configured. */
  embed(teamId: string, texts: string[]): Promise<number[][] | null>;
  limiter: TeamLimiter;
};

export const aiNotConfigured = () => new AppError('PROVIDER_UNAVAILABLE', AI_MESSAGES.notConfigured);
const malformed = (cause?: unknown) => new AppError('PROVIDER_UNAVAILABLE', AI_MESSAGES.malformedAnswer, { cause });

function providerError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // Aborted by our caller (a closed request): not the provider's fault, but still no answer.
  return new AppError('PROVIDER_UNAVAILABLE', AI_MESSAGES.providerFailed, { cause: error });
}

const toolsParam = (tools: ToolSpec[] | undefined) =>
  tools?.length
    ? tools.map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: z.toJSONSchema(t.parameters) as Record<string, unknown> } }))
    : undefined;

function parseArguments(raw: string, tool: ToolSpec | undefined): unknown {
  let value: unknown;
  try {
    value = raw.trim() === '' ? {} : JSON.parse(raw);
  } catch (error) {
    throw malformed(error);
  }
  // A tool we did not offer, or arguments that do not fit it, is not something to act on.
  if (!tool) throw malformed(new Error('unknown tool'));
  const parsed = tool.parameters.safeParse(value);
  if (!parsed.success) throw malformed(parsed.error);
  return parsed.data;
}

function toolCallsOf(calls: Array<{ id?: string; function?: { name?: string; arguments?: string } }> | undefined, tools: ToolSpec[] | undefined): ToolCall[] {
  return (calls ?? []).map((c) => {
    const name = c.function?.name ?? '';
    return { id: c.id ?? '', name, arguments: parseArguments(c.function?.arguments ?? '', tools?.find((t) => t.name === name)) };
  });
}

/** The provider for this configuration, or null when AI is not configured. One per configuration, so the limiter is shared. */
export function aiProviderFor(config: Config): AiProvider | null {
  if (!config.ai.baseUrl || !config.ai.model) return null;
  let provider = providers.get(config);
  if (!provider) providers.set(config, (provider = createAiProvider(config.ai as Config['ai'] & { baseUrl: string; model: string })));
  return provider;
}
const providers = new WeakMap<Config, AiProvider>();

export function createAiProvider(options: Config['ai'] & { baseUrl: string; model: string }): AiProvider {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // Self-hosted servers accept any key; the client insists on one.
    apiKey: options.apiKey ?? 'not-needed',
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
  });
  const limiter = new TeamLimiter(options.teamConcurrency);
  const base = (r: ChatRequest) => ({
    model: options.model,
    messages: r.messages,
    tools: toolsParam(r.tools),
    ...(r.temperature !== undefined ? { temperature: r.temperature } : {}),
    ...(r.maxTokens !== undefined ? { max_tokens: r.maxTokens } : {}),
  });

  async function complete(r: ChatRequest, responseFormat?: OpenAI.Chat.ChatCompletionCreateParams['response_format']): Promise<ChatResult> {
    const answer = await limiter
      .run(r.teamId, () => client.chat.completions.create({ ...base(r), ...(responseFormat ? { response_format: responseFormat } : {}), stream: false }, { signal: r.signal }))
      .catch((error: unknown) => {
        throw providerError(error);
      });
    const choice = Array.isArray(answer?.choices) ? answer.choices[0] : undefined;
    if (!choice?.message) throw malformed(new Error('no choices'));
    return {
      text: typeof choice.message.content === 'string' ? choice.message.content : '',
      toolCalls: toolCallsOf(choice.message.tool_calls as never, r.tools),
      finishReason: choice.finish_reason ?? null,
      usage: answer.usage ? { promptTokens: answer.usage.prompt_tokens, completionTokens: answer.usage.completion_tokens } : null,
    };
  }

  async function* stream(r: ChatRequest): AsyncGenerator<ChatChunk> {
    const chunks: ChatChunk[] = [];
    let wake: (() => void) | null = null;
    let finished = false;
    let failure: unknown = null;
    // The team's slot is held until the stream ends, not only while it opens.
    const running = limiter.run(r.teamId, async () => {
      const response = await client.chat.completions.create({ ...base(r), stream: true, stream_options: { include_usage: true } }, { signal: r.signal });
      let text = '';
      let finishReason: string | null = null;
      let usage: ChatResult['usage'] = null;
      const calls: Array<{ id: string; function: { name: string; arguments: string } }> = [];
      for await (const chunk of response) {
        if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
        const choice = chunk.choices?.[0];
        if (!choice) continue;
        const delta = choice.delta ?? {};
        if (typeof delta.content === 'string' && delta.content) {
          text += delta.content;
          chunks.push({ type: 'text', text: delta.content });
          wake?.();
        }
        for (const call of delta.tool_calls ?? []) {
          const slot = (calls[call.index] ??= { id: '', function: { name: '', arguments: '' } });
          if (call.id) slot.id = call.id;
          if (call.function?.name) slot.function.name += call.function.name;
          if (call.function?.arguments) slot.function.arguments += call.function.arguments;
        }
        if (choice.finish_reason) finishReason = choice.finish_reason;
      }
      chunks.push({ type: 'done', result: { text, toolCalls: toolCallsOf(calls, r.tools), finishReason, usage } });
    });
    running.then(
      () => {
        finished = true;
        wake?.();
      },
      (error: unknown) => {
        failure = error;
        finished = true;
        wake?.();
      },
    );
    for (;;) {
      const next = chunks.shift();
      if (next) {
        yield next;
        continue;
      }
      if (failure) throw providerError(failure);
      if (finished) return;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
  }

  async function completeJson<T>(r: ChatRequest & { schemaName: string; schema: z.ZodType<T> }): Promise<T> {
    const jsonSchema = z.toJSONSchema(r.schema) as Record<string, unknown>;
    const result = await complete(r, { type: 'json_schema', json_schema: { name: r.schemaName, schema: jsonSchema, strict: true } });
    let value: unknown;
    try {
      value = JSON.parse(result.text);
    } catch (error) {
      throw malformed(error);
    }
    const parsed = r.schema.safeParse(value);
    if (!parsed.success) throw malformed(parsed.error);
    return parsed.data;
  }

  async function embed(teamId: string, texts: string[]): Promise<number[][] | null> {
    if (!options.embeddingModel) return null;
    if (texts.length === 0) return [];
    const answer = await limiter.run(teamId, () => client.embeddings.create({ model: options.embeddingModel!, input: texts, encoding_format: 'float' })).catch((error: unknown) => {
      throw providerError(error);
    });
    const vectors = Array.isArray(answer?.data) ? [...answer.data].sort((a, b) => a.index - b.index).map((d) => d.embedding) : [];
    if (vectors.length !== texts.length || vectors.some((v) => !Array.isArray(v))) throw malformed(new Error('embedding count'));
    return vectors;
  }

  return { model: options.model, embeddingModel: options.embeddingModel, complete: (r) => complete(r), stream, completeJson, embed, limiter };
}
