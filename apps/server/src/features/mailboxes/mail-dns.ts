/**
 * The DNS the mailbox health checks read, through Node's resolver (the servers of
 * VERIFY_DNS_SERVERS when set, else the system's). A name without the record answers []; a DNS
 * that does not answer throws DnsUnreachableError, so a check says "unknown" instead of "missing".
 */
import { promises as dnsPromises } from 'node:dns';

export class DnsUnreachableError extends Error {
  constructor(code: string) {
    super(`DNS did not answer (${code})`);
    this.name = 'DnsUnreachableError';
  }
}

export interface MailDns {
  /** TXT records of `name`, each joined from its strings. */
  txt(name: string): Promise<string[]>;
  /** MX hosts of `domain`, best first. */
  mx(domain: string): Promise<string[]>;
}

const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA']);

export function createMailDns(options: { servers: readonly string[]; timeoutMs: number }): MailDns {
  const resolver = new dnsPromises.Resolver({ timeout: Math.min(options.timeoutMs, 5_000), tries: 2 });
  if (options.servers.length > 0) resolver.setServers([...options.servers]);
  async function ask<T>(query: () => Promise<T[]>): Promise<T[]> {
    try {
      return await query();
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (NO_RECORD.has(code)) return [];
      throw new DnsUnreachableError(code || (error as Error).message);
    }
  }
  return {
    txt: async (name) => (await ask(() => resolver.resolveTxt(name))).map((strings) => strings.join('')),
    mx: async (domain) => (await ask(() => resolver.resolveMx(domain))).sort((a, b) => a.priority - b.priority).map((r) => r.exchange).filter((h) => h !== '' && h !== '.'),
  };
}
