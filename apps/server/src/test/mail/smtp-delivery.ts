/**
 * A loopback SMTP server (the `smtp-server` package) that delivers what it accepts into the
 * test Dovecot: each accepted message is written into every local recipient's INBOX Maildir,
 * so a mail sent through SMTP appears over IMAP. It checks logins against Dovecot's users.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Dovecot } from './dovecot.js';
import { deliverRaw } from './maildir.js';

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
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: options.acceptsToken ? ['PLAIN', 'LOGIN', 'XOAUTH2'] : ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.method === 'XOAUTH2') {
        if (options.acceptsToken?.(auth.username ?? '', auth.accessToken ?? '')) return callback(null, { user: auth.username });
        // RFC 7628 style failure data, as Gmail answers: the client then ends the exchange.
        return callback(null, { data: { status: '401', schemes: 'bearer', scope: 'https://mail.google.com/' } });
      }
      const user = dovecot.users.find((u) => u.email === auth.username && u.password === auth.password);
      if (user) return callback(null, { user: user.email });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (local.has(address.address.toLowerCase())) return callback();
      return callback(new Error(`No such mailbox here: ${address.address}`));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        for (const rcpt of session.envelope.rcptTo) deliverRaw(dovecot, rcpt.address.toLowerCase(), raw, options.folderFor?.(rcpt.address.toLowerCase(), raw) ?? 'INBOX');
        state.delivered += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    get delivered() {
      return state.delivered;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
