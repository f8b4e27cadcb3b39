import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** `text` is the body of a single-part mail; `raw` the whole message, for a multipart one. */
export type ReceivedMail = { from: string; to: string[]; subject: string; text: string; raw: string };

function decodeBody(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** A single-part text mail as nodemailer writes it: headers, a blank line, the encoded body. */
function parseMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const subject = /^subject:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? '';
  return { subject, text: decodeBody(headers, raw.slice(split + 4)).replace(/\r\n/g, '\n').trim() };
}

/** What a loopback SMTP server checks, and what it does with each message it accepts. */
export type SmtpServerOptions = {
  /** Whether a PLAIN or LOGIN user and password may sign in. */
  login: (user: string, pass: string) => boolean;
  /** XOAUTH2 is offered too, and a login accepted when this vouches for the (user, access token) pair. */
  acceptsToken?: (user: string, token: string) => boolean;
  /** Recipients it refuses ("No such mailbox here"); by default it takes every one. */
  acceptsRecipient?: (address: string) => boolean;
  /** May wait before the server answers; a function it gives back runs right after the answer. */
  onMessage: (raw: Buffer, envelope: { from: string; to: string[] }) => void | Promise<void | (() => unknown)>;
};

/**
 * The tests' SMTP server (the `smtp-server` package) on a free loopback port: plain text, no
 * STARTTLS, logins checked as `options` say. The fixture below keeps what it receives;
 * smtp-delivery.ts delivers it into the test Dovecot.
 */
export async function startSmtpServer(options: SmtpServerOptions): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    // A loopback server: no reverse DNS lookup of the client.
    disableReverseLookup: true,
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
      if (options.login(auth.username ?? '', auth.password ?? '')) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (options.acceptsRecipient?.(address.address) ?? true) return callback();
      return callback(new Error(`No such mailbox here: ${address.address}`));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = { from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address) };
        void Promise.resolve(options.onMessage(Buffer.concat(chunks), envelope)).then(
          (afterAnswer) => {
            callback();
            if (typeof afterAnswer === 'function') afterAnswer();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  // A client that dies mid-message (the crash tests SIGKILL their workers) resets its connection;
  // smtp-server reports that as an 'error' event, which with no listener would end the test process.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * A real SMTP server on loopback for tests: it speaks the protocol, checks the login given in
 * the URL, and keeps every message it accepts.
 */
export async function startSmtpFixture(options: { user: string; pass: string }) {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = await startSmtpServer({
    login: (user, pass) => user === options.user && pass === options.pass,
    onMessage(raw, envelope) {
      received.push({ ...envelope, ...parseMail(raw.toString('latin1')), raw: raw.toString('latin1') });
      waiters.splice(0).forEach((wake) => wake());
    },
  });
  const { port } = server;
  return {
    url: `smtp://${encodeURIComponent(options.user)}:${encodeURIComponent(options.pass)}@127.0.0.1:${port}`,
    port,
    received,
    /** Resolves once `count` mails have arrived in all. */
    async waitFor(count: number, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received.slice(0, count);
    },
    close: server.close,
  };
}
