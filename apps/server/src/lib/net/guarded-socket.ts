/**
 * Raw TCP and TLS connections to a host a user typed (IMAP, SMTP, later others), under the
 * same rule as outbound HTTP (`address-guard.ts`): the host is resolved once, here; every
 * address is checked; the socket connects to a checked address, so a DNS answer that changes
 * in between (rebinding) cannot reach a private one. TLS still sends SNI and verifies the
 * certificate against the host name, not the address.
 */
import net from 'node:net';
import tls from 'node:tls';
import { resolveCheckedAddresses, type AddressCheckOptions } from './address-guard.js';

export type GuardedConnectOptions = AddressCheckOptions & {
  host: string;
  port: number;
  /** Connect with TLS from the start (IMAPS 993, SMTPS 465); extra TLS options (a test's own `ca`) may be given. */
  tls?: boolean | tls.ConnectionOptions;
  /** The name for SNI and the certificate check; default: `host` when it is a name. */
  servername?: string;
  /** For each address tried; default 30 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
};

/** A connected socket (a TLS one after its handshake) to a checked address of `host`. */
export async function connectGuarded(options: GuardedConnectOptions): Promise<net.Socket> {
  const host = options.host.replace(/^\[|\]$/g, '');
  const addresses = await resolveCheckedAddresses(host, options);
  let lastError: unknown;
  // Each checked address in turn (a dual-stack host may answer on only one family); a TLS
  // failure is the server's answer, not the address's, and ends the attempt.
  for (const { address } of addresses) {
    options.signal?.throwIfAborted();
    try {
      return await connectTo(address, host, options);
    } catch (error) {
      if (error instanceof TlsHandshakeError) throw error.cause;
      lastError = error;
    }
  }
  throw lastError;
}

class TlsHandshakeError extends Error {}

function connectTo(address: string, host: string, options: GuardedConnectOptions): Promise<net.Socket> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  return new Promise<net.Socket>((resolve, reject) => {
    const secure = options.tls !== undefined && options.tls !== false;
    const servername = options.servername ?? (net.isIP(host) ? undefined : host);
    const socket = secure
      ? tls.connect({
          ...(typeof options.tls === 'object' ? options.tls : {}),
          host: address,
          port: options.port,
          // The certificate is checked against `servername` (else `host`): the name, not the address.
          ...(servername ? { servername } : {}),
          checkServerIdentity: (_address, cert) => tls.checkServerIdentity(servername ?? host, cert),
        })
      : net.connect({ host: address, port: options.port });
    let connected = false;
    const fail = (error: Error) => {
      cleanup();
      socket.destroy();
      reject(connected && secure ? new TlsHandshakeError(error.message, { cause: error }) : error);
    };
    const onAbort = () => fail(options.signal!.reason instanceof Error ? options.signal!.reason : new Error('aborted'));
    const timer = setTimeout(() => fail(new Error(`${host}:${options.port}: connection timed out after ${timeoutMs} ms`)), timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      socket.off('error', fail);
      options.signal?.removeEventListener('abort', onAbort);
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    socket.once('error', fail);
    socket.once('connect', () => (connected = true));
    socket.once(secure ? 'secureConnect' : 'connect', () => {
      cleanup();
      resolve(socket);
    });
  });
}
