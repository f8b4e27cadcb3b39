import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import type { Config } from '../../lib/config.js';
import { imapConnectionOptions, smtpTransportOptions, type MailServer } from '../../lib/net/mail-connections.js';

/** A password login, or XOAUTH2 with an OAuth access token (Gmail, Outlook). */
export type MailCredentials = { username: string; password: string } | { username: string; accessToken: string };

/** Bounds every network step, so a server that stops answering fails the attempt instead of hanging it. */
const TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 5 * 60_000 };

/** An IMAP client for `server`, dialled through the outbound guard; not yet connected. */
export async function imapClient(config: Pick<Config, 'outboundAllowPrivate'>, server: MailServer, credentials: MailCredentials): Promise<ImapFlow> {
  const where = await imapConnectionOptions(server, { allowPrivateNetwork: config.outboundAllowPrivate });
  const client = new ImapFlow({
    ...where,
    auth: 'accessToken' in credentials ? { user: credentials.username, accessToken: credentials.accessToken } : { user: credentials.username, pass: credentials.password },
    logger: false,
    // The sync decides when to IDLE (on INBOX, between polls).
    disableAutoIdle: true,
    ...TIMEOUTS,
  });
  // A socket error also fails the command under way (or the next), which is where it is handled.
  client.on('error', () => {});
  return client;
}

/** A nodemailer transport for `server`, its socket dialled through the outbound guard. */
export function smtpTransport(config: Pick<Config, 'outboundAllowPrivate'>, server: MailServer, credentials: MailCredentials) {
  return nodemailer.createTransport({
    ...smtpTransportOptions(server, { allowPrivateNetwork: config.outboundAllowPrivate }),
    auth: 'accessToken' in credentials ? { type: 'OAuth2' as const, user: credentials.username, accessToken: credentials.accessToken } : { user: credentials.username, pass: credentials.password },
    connectionTimeout: TIMEOUTS.connectionTimeout,
    greetingTimeout: TIMEOUTS.greetingTimeout,
    socketTimeout: 60_000,
  });
}

/** imapflow marks a refused login with `authenticationFailed`. */
export function isAuthenticationFailure(error: unknown): boolean {
  return Boolean(error && typeof error === 'object' && (error as { authenticationFailed?: boolean }).authenticationFailed);
}

/** A short, human reason for a failed IMAP or SMTP step. */
export function describeMailError(error: unknown): string {
  if (isAuthenticationFailure(error)) {
    const text = (error as { responseText?: string }).responseText;
    return `authentication failed${text ? `: ${text}` : ''}`;
  }
  const e = error as { code?: string; responseCode?: number; response?: string; message?: string };
  if (e?.code === 'EAUTH') return `authentication failed${e.response ? `: ${e.response}` : ''}`;
  return e?.message ?? String(error);
}
