import { simpleParser, type ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { imapClient } from '../../apps/server/src/features/mailboxes/mail-connections.js';
import type { Config } from '../../apps/server/src/lib/config.js';
import { startDovecot, type Dovecot } from '../../apps/server/src/test/mail/dovecot.js';
import { startSmtpDelivery, type SmtpDelivery } from '../../apps/server/src/test/mail/smtp-delivery.js';
import { testConfig } from '../../apps/server/src/test/test-app.js';
import { startMailOAuthServer } from '../../apps/server/src/test/vendors/mail-oauth-servers.js';

type Account = { email: string; password: string };

/**
 * Connects a Dovecot mailbox by password as the page's signed-in user (sending through the
 * loopback SMTP server that delivers into that Dovecot), then waits until the supervised sync has
 * stored its first message: the inbox shows what is stored when it opens.
 */
export async function connectImapMailbox(page: Page, mail: { dovecot: Dovecot; smtp: SmtpDelivery }, account: Account & { name: string }, syncTimeoutMs = 60_000) {
  const connected = await page.request.post('/api/v1/mail/imap/connect', {
    data: {
      emailAddress: account.email,
      name: account.name,
      username: account.email,
      password: account.password,
      imap: { host: mail.dovecot.host, port: mail.dovecot.port, secure: false },
      smtp: { host: mail.smtp.host, port: mail.smtp.port, secure: false },
    },
  });
  if (connected.status() !== 200) throw new Error(`Connecting ${account.email} answered ${connected.status()}: ${await connected.text()}`);
  const end = Date.now() + syncTimeoutMs;
  for (;;) {
    const inbox = await page.request.get('/api/v1/mail/gmail/inbox');
    if (inbox.ok() && (await inbox.json()).data.messages.length > 0) return;
    if (Date.now() > end) throw new Error(`the mailbox was not synced within ${syncTimeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Every message with this subject in a Dovecot user's INBOX, once at least one has arrived; none if nothing came within `timeoutMs`. */
export async function inboxOf(config: Config, dovecot: Dovecot, user: Account, subject: string, timeoutMs = 10_000): Promise<ParsedMail[]> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const client = await imapClient(config, { host: dovecot.host, port: dovecot.port, secure: false }, { username: user.email, password: user.password });
    await client.connect();
    const found: ParsedMail[] = [];
    try {
      const box = await client.mailboxOpen('INBOX', { readOnly: true });
      if (box.exists > 0) {
        for await (const m of client.fetch('1:*', { source: true })) {
          const mail = m.source ? await simpleParser(m.source) : null;
          if (mail?.subject === subject) found.push(mail);
        }
      }
    } finally {
      await client.logout();
    }
    if (found.length > 0 || Date.now() > end) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
}

export type OAuthMailProvider = { provider: 'gmail' | 'outlook'; kind: 'google' | 'microsoft'; email: string; name: string };
export type OAuthLoopback = { identity: Awaited<ReturnType<typeof startMailOAuthServer>>; dovecot: Dovecot; smtp: SmtpDelivery };

/**
 * For each provider, a loopback identity server (its consent page and token endpoint), a Dovecot
 * that opens the mailbox only for a token that server issued, and an SMTP server that checks the
 * same; answers them with the `mailOAuth` configuration pointing the server under test at them.
 */
export async function startOAuthMailProviders(providers: readonly OAuthMailProvider[]) {
  const loopback = {} as Record<OAuthMailProvider['provider'], OAuthLoopback>;
  const mailOAuth = { ...testConfig().mailOAuth };
  for (const { provider, kind, email, name } of providers) {
    const identity = await startMailOAuthServer(kind, { clientId: `${kind}-client`, clientSecret: `${kind}-secret`, user: { email, name } });
    const dovecot = await startDovecot([{ email, password: 'not-known-to-leadline' }], { oauth2UserinfoUrl: identity.userinfoUrl });
    const smtp = await startSmtpDelivery(dovecot, { acceptsToken: identity.accepts });
    loopback[provider] = { identity, dovecot, smtp };
    mailOAuth[provider] = {
      ...mailOAuth[provider],
      clientId: `${kind}-client`,
      clientSecret: `${kind}-secret`,
      authUrl: identity.authUrl,
      tokenUrl: identity.tokenUrl,
      imap: { host: dovecot.host, port: dovecot.port, secure: false },
      smtp: { host: smtp.host, port: smtp.port, secure: false },
    };
  }
  const stop = async () => {
    for (const { identity, dovecot, smtp } of Object.values(loopback)) {
      await smtp.stop();
      await dovecot.stop();
      await identity.close();
    }
  };
  return { loopback, mailOAuth, stop };
}
