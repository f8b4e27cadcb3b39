/**
 * The outside world of email verification, behind one narrow interface: DNS (a domain's MX
 * hosts and their addresses) through a resolver whose servers can be configured
 * (`VERIFY_DNS_SERVERS`; tests point it at a loopback DNS server), and an SMTP RCPT probe on
 * the MX host (`VERIFY_SMTP_PORT`, 25 by default) through the outbound address guard.
 */
import { promises as dnsPromises } from 'node:dns';
import net from 'node:net';
import { connectGuarded } from './guarded-socket.js';

/** DNS itself cannot be reached (no network, or a resolver that refuses us): nothing was checked. */
export class DnsUnreachableError extends Error {
  constructor(code: string) {
    super(`DNS is not reachable (${code})`);
    this.name = 'DnsUnreachableError';
  }
}

/** The MX host could not be talked to over SMTP (port 25 blocked, refused, timed out, no greeting). */
export class SmtpUnreachableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SmtpUnreachableError';
  }
}

export type MxHost = { exchange: string; priority: number };

export interface MailProbe {
  /** The domain's MX hosts, best first; [] when it has none (no such domain, or no MX record). Throws DnsUnreachableError. */
  mxHosts(domain: string): Promise<MxHost[]>;
  /** The SMTP reply codes of `RCPT TO` for each address, in one session at that MX host. Throws SmtpUnreachableError. */
  rcpt(mxHost: string, addresses: string[]): Promise<number[]>;
}

export type MailProbeOptions = {
  /** `ip` or `ip:port` entries; empty: the system's resolvers. */
  dnsServers: readonly string[];
  smtpPort: number;
  /** The name this server gives in EHLO. */
  heloName: string;
  timeoutMs: number;
  allowPrivateNetwork: boolean;
};

const OFFLINE_CODES = new Set(['ECONNREFUSED', 'ETIMEOUT', 'ESERVFAIL', 'EREFUSED', 'ECONNRESET', 'EAI_AGAIN', 'ECANCELLED']);
const NO_RECORD_CODES = new Set(['ENOTFOUND', 'ENODATA']);

const codeOf = (error: unknown) => (error as { code?: string }).code ?? '';

export function createMailProbe(options: MailProbeOptions): MailProbe {
  const resolver = new dnsPromises.Resolver({ timeout: Math.min(options.timeoutMs, 5_000), tries: 2 });
  if (options.dnsServers.length > 0) resolver.setServers([...options.dnsServers]);

  async function lookup<T>(query: () => Promise<T[]>): Promise<T[]> {
    try {
      return await query();
    } catch (error) {
      if (NO_RECORD_CODES.has(codeOf(error))) return [];
      if (OFFLINE_CODES.has(codeOf(error))) throw new DnsUnreachableError(codeOf(error));
      throw error;
    }
  }

  /** The MX host's addresses through the same resolver (the system one may not know the names a test's DNS serves). */
  async function addressesOf(host: string): Promise<string[]> {
    if (net.isIP(host)) return [host];
    const v4 = await lookup(() => resolver.resolve4(host));
    return v4.length > 0 ? v4 : lookup(() => resolver.resolve6(host));
  }

  return {
    async mxHosts(domain) {
      const records = await lookup(() => resolver.resolveMx(domain));
      return records
        .filter((r) => r.exchange !== '' && r.exchange !== '.')
        .sort((a, b) => a.priority - b.priority)
        .map((r) => ({ exchange: r.exchange, priority: r.priority }));
    },
    async rcpt(mxHost, addresses) {
      // The addresses go into SMTP command lines: nothing that could end or bend one.
      if (addresses.some((a) => /[\s<>]/.test(a))) throw new Error('An address to probe contains a space or an angle bracket');
      const ips = await addressesOf(mxHost);
      if (ips.length === 0) throw new SmtpUnreachableError(`${mxHost} has no address`);
      let socket: net.Socket;
      try {
        socket = await connectGuarded({ host: ips[0]!, port: options.smtpPort, allowPrivateNetwork: options.allowPrivateNetwork, timeoutMs: options.timeoutMs });
      } catch (error) {
        throw new SmtpUnreachableError(`${mxHost}:${options.smtpPort}: ${(error as Error).message}`, { cause: error });
      }
      try {
        return await rcptSession(socket, options.heloName, addresses, options.timeoutMs);
      } catch (error) {
        throw error instanceof SmtpUnreachableError ? error : new SmtpUnreachableError(`${mxHost}: ${(error as Error).message}`, { cause: error });
      } finally {
        socket.destroy();
      }
    },
  };
}

/** Reads SMTP replies (multi-line ones joined) off a socket, one per `next()`. */
function replyReader(socket: net.Socket, timeoutMs: number) {
  let buffer = '';
  let lines: string[] = [];
  let waiting: { resolve: (code: number) => void; reject: (error: Error) => void } | null = null;
  let failure: Error | null = null;
  const replies: number[] = [];
  const settle = () => {
    if (!waiting) return;
    if (replies.length > 0) waiting.resolve(replies.shift()!);
    else if (failure) waiting.reject(failure);
    else return;
    waiting = null;
  };
  socket.setEncoding('latin1');
  socket.setTimeout(timeoutMs, () => {
    failure = new SmtpUnreachableError(`no answer within ${timeoutMs} ms`);
    settle();
  });
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, end).replace(/\r$/, '');
      buffer = buffer.slice(end + 1);
      lines.push(line);
      // "250-..." continues a reply; "250 ..." (or a bare code) ends it.
      if (/^\d{3}(?: |$)/.test(line)) {
        replies.push(Number(line.slice(0, 3)));
        lines = [];
      }
    }
    if (buffer.length > 64 * 1024) failure = new SmtpUnreachableError('reply line too long');
    settle();
  });
  const closed = () => {
    failure ??= new SmtpUnreachableError('the server closed the connection');
    settle();
  };
  socket.on('end', closed);
  socket.on('close', closed);
  socket.on('error', (error) => {
    failure ??= new SmtpUnreachableError(error.message, { cause: error });
    settle();
  });
  return {
    next: () =>
      new Promise<number>((resolve, reject) => {
        waiting = { resolve, reject };
        settle();
      }),
  };
}

/** Greeting, EHLO (HELO if refused), the null sender, then one RCPT per address; never DATA. */
async function rcptSession(socket: net.Socket, heloName: string, addresses: string[], timeoutMs: number): Promise<number[]> {
  const reader = replyReader(socket, timeoutMs);
  const send = (line: string) => socket.write(`${line}\r\n`);
  const greeting = await reader.next();
  if (greeting !== 220) throw new SmtpUnreachableError(`the server greeted with ${greeting}`);
  send(`EHLO ${heloName}`);
  if ((await reader.next()) !== 250) {
    send(`HELO ${heloName}`);
    const helo = await reader.next();
    if (helo !== 250) throw new SmtpUnreachableError(`HELO answered ${helo}`);
  }
  send('MAIL FROM:<>');
  const from = await reader.next();
  if (from !== 250) throw new SmtpUnreachableError(`MAIL FROM answered ${from}`);
  const codes: number[] = [];
  for (const address of addresses) {
    send(`RCPT TO:<${address}>`);
    codes.push(await reader.next());
  }
  send('QUIT');
  return codes;
}
