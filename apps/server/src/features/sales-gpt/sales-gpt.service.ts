/**
 * SalesGPT conversations: each member's own chats with the model over the sales tools. One
 * answer is a few rounds: the model streams text and may ask for tools; tools that only read
 * run at once, tools that spend credits or change data are recorded as pending actions and
 * the answer stops until the member says yes or no. Once a tool has returned quoted text from
 * outside (an email, a page), no further tool call of that answer runs: such a call could
 * come from an instruction inside the quoted text.
 */
import { AppError, SALES_GPT_MAX_TOOL_ROUNDS, SALES_GPT_MESSAGES, SALES_GPT_TOOLS, type ChatStreamEvent, type SalesGptToolName } from '@leadline/shared';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { loadPrompt, renderPrompt, requireAi, type AiProvider, type ChatMessage, type ToolCall } from '../ai/index.js';
import { presentConversation, presentMessage, type MessageRow } from './sales-gpt.presenter.js';
import * as repo from './sales-gpt.repository.js';
import { runSalesTool, SALES_TOOLS, salesToolSpecs, type SalesTool } from './sales-tools.js';

export type Emit = (event: ChatStreamEvent) => void;

const WAITING = "Waiting for the user's confirmation.";
const DECLINED = 'The user declined: it did not run.';
const NOT_RUN_AFTER_QUOTE = 'Not run: this call came after quoted outside text in the same answer, so it may have come from that text. Ask the user to ask for it directly.';
const TITLE_LENGTH = 60;

const notFound = () => new AppError('NOT_FOUND', SALES_GPT_MESSAGES.conversationNotFound, { field: 'conversationId' });

export async function listConversations(ctx: AppContext, actor: Actor) {
  return (await repo.listConversations(ctx.db, actor)).map(presentConversation);
}

export async function createConversation(ctx: AppContext, actor: Actor, body: { title?: string | undefined }) {
  return presentConversation(await repo.insertConversation(ctx.db, actor, body.title ?? SALES_GPT_MESSAGES.defaultTitle));
}

export async function renameConversation(ctx: AppContext, actor: Actor, id: string, title: string) {
  const row = await repo.renameConversation(ctx.db, actor, id, title);
  if (!row) throw notFound();
  return presentConversation(row);
}

export async function deleteConversation(ctx: AppContext, actor: Actor, id: string) {
  if (!(await repo.deleteConversation(ctx.db, actor, id))) throw notFound();
  return { deleted: true as const };
}

export async function getConversation(ctx: AppContext, actor: Actor, id: string) {
  const conversation = await repo.findConversation(ctx.db, actor, id);
  if (!conversation) throw notFound();
  return { conversation: presentConversation(conversation), messages: (await repo.listMessages(ctx.db, id)).map(presentMessage) };
}

/** What a turn needs, checked before the answer starts streaming, so a refusal is a plain error answer. */
export type Turn = { ai: AiProvider; conversationId: string; run: (emit: Emit, signal: AbortSignal) => Promise<void> };

export async function startMessage(ctx: AppContext, actor: Actor, id: string, content: string): Promise<Turn> {
  const ai = requireAi(ctx);
  const conversation = await repo.findConversation(ctx.db, actor, id);
  if (!conversation) throw notFound();
  return {
    ai,
    conversationId: id,
    run: async (emit, signal) => {
      // A new message is the member's answer to anything still waiting: no.
      for (const m of await repo.listMessages(ctx.db, id)) if (m.action_status === 'pending') await settle(ctx, id, m.id, 'declined', emit);
      if (conversation.title === SALES_GPT_MESSAGES.defaultTitle) await repo.renameConversation(ctx.db, actor, id, content.slice(0, TITLE_LENGTH));
      emit({ type: 'message', message: presentMessage(await repo.insertMessage(ctx.db, id, { role: 'user', content })) });
      await answer(ctx, actor, ai, id, emit, signal);
    },
  };
}

export async function startConfirmation(ctx: AppContext, actor: Actor, id: string, body: { actionId: string; approve: boolean }): Promise<Turn> {
  const ai = requireAi(ctx);
  const conversation = await repo.findConversation(ctx.db, actor, id);
  if (!conversation) throw notFound();
  const action = await repo.settleAction(ctx.db, id, body.actionId, body.approve ? 'approved' : 'declined');
  if (!action) {
    if (!(await repo.findAction(ctx.db, id, body.actionId))) throw new AppError('NOT_FOUND', SALES_GPT_MESSAGES.actionNotFound, { field: 'actionId' });
    throw new AppError('CONFLICT', SALES_GPT_MESSAGES.nothingToConfirm, { field: 'actionId' });
  }
  return {
    ai,
    conversationId: id,
    run: async (emit, signal) => {
      if (body.approve) await runTool(ctx, actor, action, emit);
      else emit({ type: 'message', message: presentMessage(await repo.setToolAnswer(ctx.db, action.id, { content: DECLINED, result: null })) });
      if (!(await repo.hasPendingAction(ctx.db, id))) await answer(ctx, actor, ai, id, emit, signal);
    },
  };
}

async function settle(ctx: AppContext, conversationId: string, actionId: string, status: 'declined', emit: Emit) {
  const row = await repo.settleAction(ctx.db, conversationId, actionId, status);
  if (row) emit({ type: 'message', message: presentMessage(await repo.setToolAnswer(ctx.db, row.id, { content: DECLINED, result: null })) });
}

/** Runs an approved or read-only tool and stores its answer; a refusal (402, a bad filter) becomes the answer the model reads. */
async function runTool(ctx: AppContext, actor: Actor, row: MessageRow, emit: Emit): Promise<boolean> {
  let quotes = false;
  let stored: MessageRow;
  try {
    const outcome = await runSalesTool(ctx, actor, row.tool_name as SalesGptToolName, row.tool_args);
    quotes = outcome.quotesUntrusted;
    stored = await repo.setToolAnswer(ctx.db, row.id, { content: outcome.modelText, result: outcome.view });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    stored = await repo.setToolAnswer(ctx.db, row.id, { content: `Failed: ${error.message}`, result: null });
  }
  emit({ type: 'message', message: presentMessage(stored) });
  return quotes;
}

/** The confirm card's line, or the refusal (an unknown list) the model reads instead of a card. */
async function summaryOf(ctx: AppContext, actor: Actor, tool: SalesTool, args: unknown): Promise<string | AppError> {
  try {
    return await tool.describe(args, ctx, actor);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

/** The conversation as the model reads it: our system prompt, then every message as stored. */
function history(ctx: { member: string }, rows: MessageRow[]): ChatMessage[] {
  const [system] = renderPrompt(loadPrompt('sales-gpt', 2), { member: ctx.member, today: new Date().toISOString().slice(0, 10), message: '' });
  const out: ChatMessage[] = [system!];
  for (const r of rows) {
    if (r.role === 'user') out.push({ role: 'user', content: r.content });
    else if (r.role === 'assistant')
      out.push({
        role: 'assistant',
        content: r.content || null,
        ...(r.tool_calls?.length ? { tool_calls: r.tool_calls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: JSON.stringify(c.arguments) } })) } : {}),
      });
    else out.push({ role: 'tool', tool_call_id: r.tool_call_id ?? '', content: r.action_status === 'pending' ? WAITING : r.content });
  }
  return out;
}

async function answer(ctx: AppContext, actor: Actor, ai: AiProvider, conversationId: string, emit: Emit, signal: AbortSignal) {
  let quoted = false;
  for (let round = 0; round < SALES_GPT_MAX_TOOL_ROUNDS; round++) {
    const messages = history({ member: actor.name }, await repo.listMessages(ctx.db, conversationId));
    let text = '';
    let calls: ToolCall[] = [];
    for await (const chunk of ai.stream({ teamId: actor.teamId, messages, tools: salesToolSpecs(), temperature: 0.2, signal })) {
      if (chunk.type === 'text') {
        text += chunk.text;
        emit({ type: 'text', text: chunk.text });
      } else calls = chunk.result.toolCalls.filter((c) => (SALES_GPT_TOOLS as readonly string[]).includes(c.name));
    }
    const said = await repo.insertMessage(ctx.db, conversationId, { role: 'assistant', content: text, ...(calls.length ? { toolCalls: calls } : {}) });
    if (text) emit({ type: 'message', message: presentMessage(said) });
    await repo.touchConversation(ctx.db, conversationId);
    if (calls.length === 0) return;

    let waiting = false;
    for (const call of calls) {
      const tool = SALES_TOOLS[call.name as SalesGptToolName];
      const base = { role: 'tool' as const, toolCallId: call.id, toolName: call.name, toolArgs: call.arguments };
      if (quoted) {
        emit({ type: 'message', message: presentMessage(await repo.insertMessage(ctx.db, conversationId, { ...base, content: NOT_RUN_AFTER_QUOTE })) });
      } else if (tool.needsConfirmation) {
        const summary = await summaryOf(ctx, actor, tool, call.arguments);
        if (summary instanceof AppError) {
          emit({ type: 'message', message: presentMessage(await repo.insertMessage(ctx.db, conversationId, { ...base, content: `Failed: ${summary.message}` })) });
          continue;
        }
        waiting = true;
        const row = await repo.insertMessage(ctx.db, conversationId, { ...base, actionStatus: 'pending', actionSummary: summary });
        emit({ type: 'message', message: presentMessage(row) });
      } else {
        const row = await repo.insertMessage(ctx.db, conversationId, base);
        if (await runTool(ctx, actor, row, emit)) quoted = true;
      }
    }
    if (waiting) return;
  }
}
