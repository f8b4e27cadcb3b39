/**
 * The tests' loopback SMTP server (smtp-fixture.ts) delivering what it accepts into the test
 * Dovecot: each accepted message is written into every local recipient's INBOX Maildir,
 * so a mail sent through SMTP appears over IMAP. It checks logins against Dovecot's users.
 */
import type { Dovecot } from './dovecot.js';
import { deliverRaw } from './maildir.js';
import { startSmtpServer } from './smtp-fixture.js';

export type SmtpDelivery = { host: '127.0.0.1'; port: number; delivered: number; stop(): Promise<void> };

/**
 * `acceptsToken`: XOAUTH2 logins are accepted when it vouches for the (user, access token) pair.
 * `folderFor`: where a recipient's copy lands (default INBOX), e.g. 'Junk' to play a spam filter.
 */
export async function startSmtpDelivery(
  dovecot: Dovecot,
  options: { acceptsToken?: (user: string, token: string) => boolean; folderFor?: (recipient: string, raw: Buffer) => string } = {},
): Promise<SmtpDelivery> {
  const local = new Set(dovecot.users.map((u) => u.email.toLowerCase()));
  const state = { delivered: 0 };
  const server = await startSmtpServer({
    login: (user, pass) => dovecot.users.some((u) => u.email === user && u.password === pass),
    ...(options.acceptsToken ? { acceptsToken: options.acceptsToken } : {}),
    acceptsRecipient: (address) => local.has(address.toLowerCase()),
    onMessage(raw, envelope) {
      for (const to of envelope.to.map((address) => address.toLowerCase())) deliverRaw(dovecot, to, raw, options.folderFor?.(to, raw) ?? 'INBOX');
      state.delivered += 1;
    },
  });
  return {
    host: '127.0.0.1',
    port: server.port,
    get delivered() {
      return state.delivered;
    },
    stop: server.close,
  };
}
