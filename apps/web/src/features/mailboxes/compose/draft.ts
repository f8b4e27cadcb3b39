import { answerSubject, escapeHtml, isEmailAddress, textParagraphsHtml, type EmailAccount, type InboxMessage, type MailAddressDto } from '@leadline/shared';
import type { ComposeIntent } from './intent';

export type Draft = {
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  /** The HTML the editor starts with (a quote or a forwarded message, or nothing). */
  html: string;
};

const who = (a: MailAddressDto) => (a.name ? `${a.name} <${a.address}>` : a.address);
const paragraphs = (text: string) => textParagraphsHtml(text.trim());

/** "Ann <ann@x.com>" or "ann@x.com" as the address alone, lower-cased. */
export function addressOf(typed: string): string {
  const inBrackets = /<([^<>]+)>/.exec(typed);
  return (inBrackets?.[1] ?? typed).trim().replace(/^mailto:/i, '').toLowerCase();
}

/** The addresses of a field, cleaned, without repeats; the invalid ones apart. */
export function checkAddresses(values: string[]): { valid: string[]; invalid: string[] } {
  const cleaned = [...new Set(values.map(addressOf).filter(Boolean))];
  return { valid: cleaned.filter(isEmailAddress), invalid: cleaned.filter((a) => !isEmailAddress(a)) };
}

function quoteOf(message: InboxMessage, text: string, kind: ComposeIntent['kind']): string {
  const date = message.date ? new Date(message.date).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : 'an unknown date';
  if (kind === 'forward') {
    const header = [
      '---------- Forwarded message ---------',
      `From: ${who(message.from)}`,
      `Date: ${date}`,
      `Subject: ${message.subject}`,
      `To: ${message.to.map(who).join(', ')}`,
      ...(message.cc.length ? [`Cc: ${message.cc.map(who).join(', ')}`] : []),
    ];
    return `<p></p><p></p><p>${header.map(escapeHtml).join('<br>')}</p>${paragraphs(text)}`;
  }
  return `<p></p><p></p><p>On ${escapeHtml(date)}, ${escapeHtml(who(message.from))} wrote:</p><blockquote>${paragraphs(text)}</blockquote>`;
}

/**
 * The draft an intent starts with. A reply goes to the sender (or, for a message of Sent, to
 * its recipients again); reply all adds every other recipient but the mailbox itself; both are
 * sent from the mailbox that holds the message, so the answer stays in its thread.
 */
export function initialDraft(intent: ComposeIntent, accounts: EmailAccount[], originalText: string): Draft {
  const usable = accounts.filter((a) => a.isConnected && a.isActive);
  if (intent.kind === 'new') return { from: usable[0]?.emailAddress ?? '', to: [], cc: [], bcc: [], subject: '', html: '' };
  const { message, kind } = intent;
  const me = message.accountEmail.toLowerCase();
  const quote = quoteOf(message, originalText, kind);
  // A drafted body takes the place of the empty lines the cursor starts on.
  const html = intent.body?.trim() ? `${paragraphs(intent.body)}${quote.replace(/^<p><\/p>/, '')}` : quote;
  if (kind === 'forward') return { from: message.accountEmail, to: [], cc: [], bcc: [], subject: answerSubject('forward', message.subject), html };
  const mine = message.from.address.toLowerCase() === me;
  const to = mine ? message.to.map((a) => a.address) : [message.from.address];
  const others = kind === 'replyAll' ? [...(mine ? [] : message.to.map((a) => a.address)), ...message.cc.map((a) => a.address)] : [];
  const cc = [...new Set(others.map((a) => a.toLowerCase()))].filter((a) => a !== me && !to.includes(a));
  return { from: message.accountEmail, to, cc, bcc: [], subject: answerSubject('reply', message.subject), html };
}
