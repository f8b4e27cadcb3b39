/**
 * Delivers messages into a Dovecot Maildir by writing files, the way a local delivery agent
 * does: written in `tmp/`, then renamed into `new/`. Dovecot gives them UIDs when it next
 * looks at the folder. Fast enough for thousands of messages.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Dovecot } from './dovecot.js';

let sequence = 0;

function ensureMaildir(dovecot: Dovecot, dir: string) {
  for (const sub of ['', 'cur', 'new', 'tmp']) {
    const full = path.join(dir, sub);
    if (!fs.existsSync(full)) {
      fs.mkdirSync(full, { recursive: true });
      fs.chownSync(full, dovecot.owner.uid, dovecot.owner.gid);
    }
  }
  const parent = path.dirname(dir);
  if (parent.startsWith(dovecot.dir)) fs.chownSync(parent, dovecot.owner.uid, dovecot.owner.gid);
}

/** Writes one raw RFC 5322 message into the folder's `new/`. */
export function deliverRaw(dovecot: Dovecot, email: string, raw: string | Buffer, folder = 'INBOX'): void {
  const dir = dovecot.maildir(email, folder);
  ensureMaildir(dovecot, dir);
  const bytes = typeof raw === 'string' ? Buffer.from(raw.replace(/\r?\n/g, '\r\n')) : raw;
  const name = `${Math.floor(Date.now() / 1000)}.M${++sequence}P${process.pid}R${crypto.randomBytes(4).toString('hex')}.${os.hostname()},S=${bytes.length}`;
  const tmp = path.join(dir, 'tmp', name);
  fs.writeFileSync(tmp, bytes, { mode: 0o644 });
  fs.chownSync(tmp, dovecot.owner.uid, dovecot.owner.gid);
  fs.renameSync(tmp, path.join(dir, 'new', name));
}

export type GeneratedMessage = { messageId: string; subject: string; date: Date; raw: string };

/** A plain-text message; `inReplyTo`/`references` make it a reply. */
export function generateMessage(options: {
  from: string;
  to: string;
  subject: string;
  text: string;
  date?: Date;
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
}): GeneratedMessage {
  const messageId = options.messageId ?? `<${crypto.randomUUID()}@generated.test>`;
  const date = options.date ?? new Date();
  const headers = [
    `From: ${options.from}`,
    `To: ${options.to}`,
    `Subject: ${options.subject}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: ${messageId}`,
    ...(options.inReplyTo ? [`In-Reply-To: ${options.inReplyTo}`] : []),
    ...(options.references?.length ? [`References: ${options.references.join(' ')}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  return { messageId, subject: options.subject, date, raw: `${headers.join('\r\n')}\r\n\r\n${options.text}\r\n` };
}

/** `count` distinct messages, one minute apart ending now, written straight into the Maildir. */
export function appendGenerated(dovecot: Dovecot, email: string, count: number, folder = 'INBOX', prefix = 'Generated'): GeneratedMessage[] {
  const now = Date.now();
  const messages: GeneratedMessage[] = [];
  for (let i = 0; i < count; i++) {
    const message = generateMessage({
      from: `Sender ${i} <sender${i}@outside.test>`,
      to: email,
      subject: `${prefix} message ${i}`,
      text: `Body of ${prefix.toLowerCase()} message number ${i}.`,
      date: new Date(now - (count - i) * 60_000),
    });
    deliverRaw(dovecot, email, message.raw, folder);
    messages.push(message);
  }
  return messages;
}
