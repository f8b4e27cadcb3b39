/**
 * Retrieved knowledge passages as a prompt reads them: numbered, marked when they describe a
 * competitor, each inside an untrusted quote (a crawled page is someone else's text), with the
 * sources the answer may cite. Every AI text grounded on the knowledge hub uses this one form.
 */
import type { AiSource } from '@leadline/shared';
import { untrusted } from '../ai/index.js';
import type { Retrieved } from './knowledge-retrieval.js';

const NO_KNOWLEDGE = '(no knowledge profile content: do not invent facts about our product)';

export function formatKnowledgePassages(retrieved: Retrieved): { text: string; sources: AiSource[] } {
  if (retrieved.passages.length === 0) return { text: NO_KNOWLEDGE, sources: [] };
  const sources = retrieved.passages.map((p, i) => ({ index: i + 1, url: p.url, title: p.title, isCompetitor: p.isCompetitor }));
  const text = retrieved.passages.map((p, i) => `[${i + 1}] competitor="${p.isCompetitor}" ${p.url ?? p.title ?? 'context'}\n${untrusted(`knowledge ${i + 1}`, p.content)}`).join('\n\n');
  return { text, sources };
}
