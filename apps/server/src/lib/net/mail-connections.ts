/**
 * Connection options for the mail engine's two libraries, so that every IMAP and SMTP server a
 * user typed is dialled through the outbound guard (`guarded-socket.ts`). The libraries take
 * a guarded connection in different ways (checked against their sources: imapflow 1.x
 * `lib/imap-flow.js` connect(), nodemailer `lib/smtp-transport` and `lib/smtp-connection`):
 *
 * - nodemailer accepts a transport option `getSocket(options, callback)`; the callback's
 *   `{ connection }` is used as the already-connected socket (no DNS lookup of its own), with
 *   `secured: true` when it is a TLS socket after its handshake. For STARTTLS (secure false)
 *   nodemailer upgrades the plain socket itself, SNI and certificate check against
 *   `servername` (default `host`, the name). Use:
 *     nodemailer.createTransport({ ...smtpTransportOptions(server, guard), auth })
 * - imapflow has no socket hook (its `proxy` option aside), but dials `host` and uses
 *   `servername` for SNI and the certificate check, on direct TLS and on STARTTLS. So the
 *   name is resolved and checked here, and imapflow is handed the checked address as `host`
 *   with the name as `servername`: it connects to an address that passed, and no later DNS
 *   answer is consulted. Use:
 *     new ImapFlow({ ...(await imapConnectionOptions(server, guard)), auth, logger: false })
 *
 * `guard.allowPrivateNetwork` is the configuration's OUTBOUND_ALLOW_PRIVATE.
 */
import net from 'node:net';
import type tls from 'node:tls';
import { resolveCheckedAddresses, type AddressCheckOptions } from './address-guard.js';
import { connectGuarded } from './guarded-socket.js';

export type MailServer = { host: string; port: number; secure: boolean };
export type MailGuard = AddressCheckOptions & { timeoutMs?: number; tls?: tls.ConnectionOptions };

/** The part of imapflow's ImapFlowOptions that says where to connect. */
export type ImapConnectionOptions = { host: string; port: number; secure: boolean; servername?: string; tls?: tls.ConnectionOptions };

export async function imapConnectionOptions(server: MailServer, guard: MailGuard): Promise<ImapConnectionOptions> {
  const host = server.host.replace(/^\[|\]$/g, '');
  const [first] = await resolveCheckedAddresses(host, guard);
  return {
    host: first!.address,
    port: server.port,
    secure: server.secure,
    ...(net.isIP(host) ? {} : { servername: host }),
    ...(guard.tls ? { tls: guard.tls } : {}),
  };
}

/** What nodemailer's getSocket hands back: the connected socket, and whether TLS is already on. */
export type SmtpSocketOptions = { connection: net.Socket; secured: boolean };

/** The part of nodemailer's SMTP transport options that says where and how to connect. */
export type SmtpTransportConnectionOptions = MailServer & {
  tls?: tls.ConnectionOptions;
  getSocket(options: unknown, callback: (error: Error | null, socketOptions?: SmtpSocketOptions | false) => void): void;
};

export function smtpTransportOptions(server: MailServer, guard: MailGuard): SmtpTransportConnectionOptions {
  return {
    host: server.host,
    port: server.port,
    secure: server.secure,
    ...(guard.tls ? { tls: guard.tls } : {}),
    getSocket(_options, callback) {
      connectGuarded({
        host: server.host,
        port: server.port,
        tls: server.secure ? (guard.tls ?? true) : false,
        allowPrivateNetwork: guard.allowPrivateNetwork,
        ...(guard.lookup ? { lookup: guard.lookup } : {}),
        ...(guard.timeoutMs ? { timeoutMs: guard.timeoutMs } : {}),
      }).then(
        (connection) => {
          // SMTP is a conversation of short lines: with Nagle's algorithm on, a command written
          // in two pieces waits for the server's delayed ACK (40 ms on Linux) at every step.
          connection.setNoDelay(true);
          callback(null, { connection, secured: server.secure });
        },
        (error: Error) => callback(error),
      );
    },
  };
}
