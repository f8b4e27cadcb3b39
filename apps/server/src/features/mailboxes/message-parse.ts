import { simpleParser, type AddressObject } from 'mailparser';
import type { MailAddress, MailAttachmentMeta } from '../../db/schema-mail.js';

export type ParsedMessage = {
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  subject: string;
  from: MailAddress;
  to: MailAddress[];
  cc: MailAddress[];
  date: Date | null;
  text: string;
  snippet: string;
  attachments: MailAttachmentMeta[];
  /** Sent by the warm-up (header X-Leadline-Warmup). */
  warmup: boolean;
  /** Sent by a machine (an automatic reply), by its headers: see `isAutoSubmitted`. */
  autoSubmitted: boolean;
};

export const WARMUP_HEADER = 'X-Leadline-Warmup';

const SNIPPET_LENGTH = 200;
/** Longer bodies are cut: the text is for reading and search, the server keeps the original. */
const MAX_TEXT = 200_000;

const addresses = (value: AddressObject | AddressObject[] | undefined): MailAddress[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((group) => group.value)
    .flatMap((a) => (a.group ? a.group : [a]))
    .map((a) => ({ name: a.name ?? '', address: (a.address ?? '').toLowerCase() }));

const ids = (value: string | string[] | undefined): string[] => (Array.isArray(value) ? value : value ? value.split(/\s+/) : []).map((s) => s.trim()).filter(Boolean);

type HeaderMap = { get(name: string): unknown };
const headerText = (headers: HeaderMap, name: string) => {
  const value = headers.get(name);
  if (value === undefined || value === null) return null;
  return (typeof value === 'object' && 'value' in value ? String((value as { value: unknown }).value) : String(value)).trim().toLowerCase();
};

/** RFC 3834's Auto-Submitted (anything but "no"), and the older X-Autoreply, X-Autorespond and Precedence: auto_reply. */
export function isAutoSubmitted(headers: HeaderMap): boolean {
  const auto = headerText(headers, 'auto-submitted');
  if (auto !== null && auto !== 'no') return true;
  if (headerText(headers, 'x-autoreply') !== null || headerText(headers, 'x-autorespond') !== null) return true;
  return headerText(headers, 'precedence') === 'auto_reply';
}

/** Headers, text and attachment metadata of a raw message (attachment bytes are not kept). */
export async function parseMessage(source: Buffer): Promise<ParsedMessage> {
  const mail = await simpleParser(source, { skipHtmlToText: false, skipImageLinks: true, skipTextLinks: true });
  const text = (mail.text ?? '').slice(0, MAX_TEXT);
  const [from] = addresses(mail.from);
  return {
    messageId: mail.messageId ?? null,
    inReplyTo: ids(mail.inReplyTo)[0] ?? null,
    references: ids(mail.references),
    subject: mail.subject ?? '',
    from: from ?? { name: '', address: '' },
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    date: mail.date ?? null,
    text,
    snippet: text.replace(/\s+/g, ' ').trim().slice(0, SNIPPET_LENGTH),
    warmup: mail.headers.has(WARMUP_HEADER.toLowerCase()),
    autoSubmitted: isAutoSubmitted(mail.headers),
    attachments: mail.attachments.map((a) => ({
      filename: a.filename ?? null,
      contentType: a.contentType,
      size: a.size,
      contentId: a.contentId ?? null,
      partId: a.partId ?? null,
    })),
  };
}

/**
 * The thread key of a message from its own headers: the first of References (the
 * conversation's root), else In-Reply-To, else its own Message-ID. A reply that quotes its
 * parent only in In-Reply-To takes the parent's stored thread instead (see the repository).
 */
export function threadRoot(parsed: Pick<ParsedMessage, 'messageId' | 'inReplyTo' | 'references'>, fallback: string): string {
  return parsed.references[0] ?? parsed.inReplyTo ?? parsed.messageId ?? fallback;
}
