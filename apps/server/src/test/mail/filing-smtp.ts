/**
 * A loopback SMTP server that files each message it takes in the sender's Sent folder of the
 * test Dovecot before it answers, as Gmail and Outlook do with the mail they relay: the copy in
 * Sent is the server's own record of what it took. Recipients are taken, never delivered; the
 * server keeps every Message-ID it took (with repeats), which the crash test counts.
 */
import type { Dovecot } from './dovecot.js';
import { deliverRaw } from './maildir.js';
import { startSmtpServer } from './smtp-fixture.js';

export type TakenMail = { messageId: string; from: string; to: string[]; subject: string };

export type FilingSmtp = {
  host: '127.0.0.1';
  port: number;
  /** Every message taken, in order, repeats included. */
  taken: TakenMail[];
  stop(): Promise<void>;
};

const headerOf = (head: string, name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';

/**
 * `onTaken(mail, count)` runs once the message is filed and counted, before the server answers
 * 250: a test may kill the client there (it never hears the answer), or give back a function
 * that runs right after the answer.
 */
export async function startFilingSmtp(
  dovecot: Dovecot,
  options: { onTaken?: (mail: TakenMail, count: number) => Promise<void | (() => unknown)> } = {},
): Promise<FilingSmtp> {
  const taken: TakenMail[] = [];
  const server = await startSmtpServer({
    login: (user, pass) => dovecot.users.some((u) => u.email === user && u.password === pass),
    async onMessage(raw, envelope) {
      const head = raw.toString('latin1', 0, Math.max(0, raw.indexOf('\r\n\r\n'))).replace(/\r\n[ \t]+/g, ' ');
      deliverRaw(dovecot, envelope.from, raw, 'Sent');
      const mail = { messageId: headerOf(head, 'Message-ID'), from: envelope.from, to: envelope.to, subject: headerOf(head, 'Subject') };
      taken.push(mail);
      return options.onTaken?.(mail, taken.length);
    },
  });
  return { host: '127.0.0.1', port: server.port, taken, stop: server.close };
}
