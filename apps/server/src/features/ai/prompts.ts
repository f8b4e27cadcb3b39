/**
 * Prompts are files in `prompts/`, one per use and version (`email-reply.v1.md`). Each starts
 * with a header naming its inputs, then a `## system` and a `## user` part with `{{input}}`
 * placeholders. A prompt is filled only with exactly the inputs it declares, so a change to a
 * prompt's inputs shows up as a failing call, not a silently empty placeholder.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ChatMessage } from './ai-provider.js';

const DIR = path.join(import.meta.dirname, 'prompts');

export type Prompt = { id: string; version: number; inputs: string[]; system: string; user: string };

const cache = new Map<string, Prompt>();

export function loadPrompt(id: string, version: number): Prompt {
  const key = `${id}.v${version}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const source = fs.readFileSync(path.join(DIR, `${key}.md`), 'utf8');
  const header = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!header) throw new Error(`Prompt ${key} has no header`);
  const inputs = /^inputs:\s*(.*)$/m.exec(header[1]!)?.[1]?.split(',').map((s) => s.trim()).filter(Boolean) ?? [];
  const body = source.slice(header[0].length);
  const system = /## system\n([\s\S]*?)(?=\n## user\n)/.exec(body)?.[1]?.trim();
  const user = /## user\n([\s\S]*)$/.exec(body)?.[1]?.trim();
  if (!system || !user) throw new Error(`Prompt ${key} needs a "## system" and a "## user" part`);
  const prompt = { id, version, inputs, system, user };
  cache.set(key, prompt);
  return prompt;
}

/** The prompt's messages with its inputs in place; every declared input must be given, and no other. */
export function renderPrompt(prompt: Prompt, values: Record<string, string>): ChatMessage[] {
  const given = Object.keys(values).sort();
  const declared = [...prompt.inputs].sort();
  if (given.join() !== declared.join()) throw new Error(`Prompt ${prompt.id}.v${prompt.version} takes ${declared.join(', ')}; got ${given.join(', ')}`);
  // One pass, so a value that contains "{{x}}" is never filled in turn.
  const fill = (template: string) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  return [
    { role: 'system', content: fill(prompt.system) },
    { role: 'user', content: fill(prompt.user) },
  ];
}

/**
 * Text we did not write (a web page, an email, a LinkedIn message) as quoted data: inside
 * markers with a random tag the text cannot know, so it cannot close the quote and speak as us.
 * The prompts say that nothing inside such a block is an instruction.
 */
export function untrusted(label: string, text: string, tag = randomTag()): string {
  const safe = text.replaceAll(tag, '').replace(/<\/?untrusted[^>]*>/gi, '');
  return `<untrusted-${tag} source="${label.replace(/["<>]/g, '')}">\n${safe}\n</untrusted-${tag}>`;
}

const randomTag = () => Math.random().toString(36).slice(2, 10);
