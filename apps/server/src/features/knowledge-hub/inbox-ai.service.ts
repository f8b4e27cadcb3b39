/**
 * The inbox's AI help (spec/engage.md §7): a reply to a thread, an email from a subject line,
 * a thread summary and a LinkedIn reply. Drafts are grounded on the member's knowledge
 * profile and list the passages they were given; every text someone else wrote (emails, web
 * pages, messages) reaches the model as quoted data, and no tools are offered, so an
 * instruction inside it has nothing to trigger. Nothing is sent: the answer goes to the editor.
 */
import { AppError, CREDIT_COSTS, INBOX_AI_MESSAGES } from '@leadline/shared';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { loadPrompt, renderPrompt, requireAi, untrusted, withAiCredits } from '../ai/index.js';
import { readThreadText, type ThreadText } from '../mailboxes/index.js';
import { formatKnowledgePassages } from './knowledge-passages.js';
import { retrieveKnowledge } from './knowledge-retrieval.js';

const AI_EMAIL = { action: 'ai_email', amount: CREDIT_COSTS.aiEmail };
/** Characters of a thread given to the model: the newest messages are kept. */
const THREAD_BUDGET = 24_000;

function threadBlock(thread: ThreadText): string {
  const parts: string[] = [];
  let used = 0;
  for (const m of [...thread.messages].reverse()) {
    const part = `From: ${m.from.name} <${m.from.address}>\nDate: ${m.date ?? 'unknown'}\nSubject: ${m.subject}\n\n${m.text.trim()}`;
    if (used + part.length > THREAD_BUDGET && parts.length) break;
    parts.unshift(part.slice(0, THREAD_BUDGET));
    used += part.length;
  }
  return untrusted('email thread', parts.join('\n\n-----\n\n'));
}

const senderOf = (actor: Actor, thread?: ThreadText) => untrusted('sender', `${thread?.account.name || actor.name} <${thread?.account.email ?? actor.email}>`);

/** Only the text: a model that answers with a tool call or nothing has not written a draft. */
function draftText(text: string, failure: string): string {
  const draft = text.trim();
  if (!draft) throw new AppError('PROVIDER_UNAVAILABLE', failure);
  return draft;
}

export async function generateEmailReply(ctx: AppContext, actor: Actor, body: { emailId: string; profileId?: string | undefined }) {
  const ai = requireAi(ctx);
  const thread = await readThreadText(ctx.db, actor, body.emailId);
  if (!thread.messages.some((m) => m.text.trim())) throw new AppError('VALIDATION_FAILED', INBOX_AI_MESSAGES.noContentToReply, { field: 'emailId' });
  const last = thread.messages.at(-1)!;
  const knowledge = formatKnowledgePassages(await retrieveKnowledge(ctx, actor, { profileId: body.profileId, text: `${last.subject}\n${last.text}` }));
  const messages = renderPrompt(loadPrompt('email-reply', 1), { sender: senderOf(actor, thread), thread: threadBlock(thread), knowledge: knowledge.text });
  const reply = await withAiCredits(ctx.db, actor, { ...AI_EMAIL, reason: 'AI email reply' }, async () =>
    draftText((await ai.complete({ teamId: actor.teamId, messages, temperature: 0.4 })).text, INBOX_AI_MESSAGES.replyFailed),
  );
  return { success: true as const, reply, sources: knowledge.sources };
}

export async function generateEmailFromSubject(ctx: AppContext, actor: Actor, body: { subject: string; profileId?: string | undefined }) {
  const ai = requireAi(ctx);
  const knowledge = formatKnowledgePassages(await retrieveKnowledge(ctx, actor, { profileId: body.profileId, text: body.subject }));
  const messages = renderPrompt(loadPrompt('email-from-subject', 1), { sender: senderOf(actor), subject: untrusted('subject line', body.subject), knowledge: knowledge.text });
  const email = await withAiCredits(ctx.db, actor, { ...AI_EMAIL, reason: 'AI email from a subject line' }, async () =>
    draftText((await ai.complete({ teamId: actor.teamId, messages, temperature: 0.6 })).text, INBOX_AI_MESSAGES.emailFailed),
  );
  return { success: true as const, email, sources: knowledge.sources };
}

/** A summary writes no email, so it costs no 'AI email' credits (docs/decisions.md). */
export async function generateThreadSummary(ctx: AppContext, actor: Actor, body: { emailId: string }) {
  const ai = requireAi(ctx);
  const thread = await readThreadText(ctx.db, actor, body.emailId);
  if (!thread.messages.some((m) => m.text.trim())) throw new AppError('VALIDATION_FAILED', INBOX_AI_MESSAGES.noContentToSummarize, { field: 'emailId' });
  const messages = renderPrompt(loadPrompt('email-thread-summary', 1), { thread: threadBlock(thread) });
  const summary = draftText((await ai.complete({ teamId: actor.teamId, messages, temperature: 0.2 })).text, INBOX_AI_MESSAGES.summaryFailed);
  return { success: true as const, data: { summary }, message: INBOX_AI_MESSAGES.summaryReady };
}

export async function generateLinkedinReply(ctx: AppContext, actor: Actor, body: { messages: Array<{ sender: string; text: string }>; profileId?: string | undefined }) {
  const ai = requireAi(ctx);
  const last = body.messages.at(-1)!;
  const knowledge = formatKnowledgePassages(await retrieveKnowledge(ctx, actor, { profileId: body.profileId, text: last.text }));
  const conversation = untrusted('linkedin conversation', body.messages.map((m) => `${m.sender}: ${m.text}`).join('\n\n').slice(-THREAD_BUDGET));
  const messages = renderPrompt(loadPrompt('linkedin-reply', 1), { sender: senderOf(actor), conversation, knowledge: knowledge.text });
  const reply = await withAiCredits(ctx.db, actor, { ...AI_EMAIL, reason: 'AI LinkedIn reply' }, async () =>
    draftText((await ai.complete({ teamId: actor.teamId, messages, temperature: 0.5 })).text, INBOX_AI_MESSAGES.replyFailed),
  );
  return { success: true as const, reply, sources: knowledge.sources };
}
