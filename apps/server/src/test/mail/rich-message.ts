/**
 * Builds a full MIME message (HTML, text, attachments, inline images, reply headers) with
 * nodemailer's composer, for delivering into Dovecot in tests.
 */
import crypto from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';

export type RichMessage = {
  from: string;
  to: string;
  subject: string;
  html?: string;
  text?: string;
  date?: Date;
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  attachments?: Array<{ filename: string; content: string | Buffer; contentType?: string; cid?: string }>;
};

export async function buildMessage(m: RichMessage): Promise<{ raw: Buffer; messageId: string }> {
  const messageId = m.messageId ?? `<${crypto.randomUUID()}@rich.test>`;
  const raw = await new MailComposer({
    from: m.from,
    to: m.to,
    subject: m.subject,
    ...(m.html !== undefined ? { html: m.html } : {}),
    ...(m.text !== undefined ? { text: m.text } : {}),
    date: m.date ?? new Date(),
    messageId,
    ...(m.inReplyTo ? { inReplyTo: m.inReplyTo } : {}),
    ...(m.references ? { references: m.references } : {}),
    ...(m.attachments ? { attachments: m.attachments } : {}),
  })
    .compile()
    .build();
  return { raw, messageId };
}
