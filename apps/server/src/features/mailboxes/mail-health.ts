/**
 * Mailbox health: whether receivers can trust mail from the mailbox's domain. MX (the domain
 * takes mail), SPF (which servers may send for it), DKIM (a signing key, found by trying the
 * selectors the common providers use) and DMARC (the policy tying them together), each with what
 * was found and what to fix. Gmail and Outlook mailboxes get the records of their own service.
 */
import type { MailHealth, MailHealthCheck, MailProvider } from '@leadline/shared';
import { DnsUnreachableError, type MailDns } from './mail-dns.js';

/** Selectors of the common providers: Google Workspace, Microsoft 365, and the usual others. */
export const DKIM_SELECTORS = ['google', 'selector1', 'selector2', 'default', 'dkim', 'mail', 's1', 's2', 'k1', 'k2', 'fm1', 'fm2', 'zoho', 'protonmail', 'mxvault', 'smtp'] as const;

const SPF_INCLUDE: Record<MailProvider, string | null> = { gmail: 'include:_spf.google.com', outlook: 'include:spf.protection.outlook.com', imap: null };

const UNKNOWN = (name: MailHealthCheck['name']): MailHealthCheck => ({ name, status: 'unknown', detail: 'DNS could not be reached from this server.', fix: null });

async function orUnknown(name: MailHealthCheck['name'], check: () => Promise<MailHealthCheck>): Promise<MailHealthCheck> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof DnsUnreachableError) return UNKNOWN(name);
    throw error;
  }
}

export async function checkMx(dns: MailDns, domain: string): Promise<MailHealthCheck> {
  const hosts = await dns.mx(domain);
  if (hosts.length === 0) {
    return { name: 'MX', status: 'fail', detail: `${domain} has no MX record: mail to it cannot be delivered.`, fix: `Add the MX records your mail provider gives for ${domain}; receivers distrust senders whose domain takes no replies.` };
  }
  return { name: 'MX', status: 'pass', detail: `Mail for ${domain} goes to ${hosts.join(', ')}.`, fix: null };
}

export async function checkSpf(dns: MailDns, domain: string, provider: MailProvider): Promise<MailHealthCheck> {
  const records = (await dns.txt(domain)).filter((t) => /^v=spf1(\s|$)/i.test(t.trim()));
  const include = SPF_INCLUDE[provider];
  const suggested = `v=spf1 ${include ?? 'include:<your provider>'} ~all`;
  if (records.length === 0) return { name: 'SPF', status: 'fail', detail: `${domain} publishes no SPF record.`, fix: `Add a TXT record at ${domain}: ${suggested}` };
  if (records.length > 1) return { name: 'SPF', status: 'fail', detail: `${domain} publishes ${records.length} SPF records; receivers then treat SPF as broken.`, fix: `Merge them into one TXT record, e.g. ${suggested}` };
  const spf = records[0]!.trim();
  if (/\s\+?all$/i.test(spf)) return { name: 'SPF', status: 'fail', detail: `SPF ends with "+all": any server may send as ${domain}.`, fix: `End the record with ~all or -all: ${suggested}` };
  if (include && !spf.toLowerCase().includes(include)) {
    return { name: 'SPF', status: 'warn', detail: `SPF is "${spf}", which does not name your mail service.`, fix: `Add ${include} before the final all.` };
  }
  if (/\s\?all$/i.test(spf) || !/\s[~-]all$/i.test(spf)) return { name: 'SPF', status: 'warn', detail: `SPF is "${spf}": it does not say what to do with other senders.`, fix: 'End the record with ~all (soft fail) or -all.' };
  return { name: 'SPF', status: 'pass', detail: `SPF: "${spf}".`, fix: null };
}

export async function checkDkim(dns: MailDns, domain: string, provider: MailProvider): Promise<MailHealthCheck> {
  const found: string[] = [];
  const revoked: string[] = [];
  const answers = await Promise.all(DKIM_SELECTORS.map(async (selector) => ({ selector, records: await dns.txt(`${selector}._domainkey.${domain}`) })));
  for (const { selector, records } of answers) {
    const key = records.find((t) => /(^|;)\s*(v=DKIM1|p=)/i.test(t));
    if (!key) continue;
    if (/(^|;)\s*p=\s*(;|$)/i.test(key)) revoked.push(selector);
    else found.push(selector);
  }
  if (found.length > 0) return { name: 'DKIM', status: 'pass', detail: `DKIM key found for selector ${found.join(', ')}.`, fix: null };
  const how =
    provider === 'gmail'
      ? 'In the Google Admin console: Apps → Google Workspace → Gmail → Authenticate email, generate a key and publish it.'
      : provider === 'outlook'
        ? 'In Microsoft Defender: Email authentication settings → DKIM, enable signing for the domain and publish its two CNAME records.'
        : 'Turn on DKIM signing at your mail provider and publish the TXT record it gives.';
  if (revoked.length > 0) return { name: 'DKIM', status: 'fail', detail: `The DKIM key of selector ${revoked.join(', ')} is empty (revoked).`, fix: how };
  return { name: 'DKIM', status: 'fail', detail: `No DKIM key under the usual selectors (${DKIM_SELECTORS.slice(0, 4).join(', ')}, ...). A key under another selector is not seen here.`, fix: how };
}

export async function checkDmarc(dns: MailDns, domain: string): Promise<MailHealthCheck> {
  const records = (await dns.txt(`_dmarc.${domain}`)).filter((t) => /^v=DMARC1/i.test(t.trim()));
  const suggested = `v=DMARC1; p=none; rua=mailto:dmarc@${domain}`;
  if (records.length === 0) return { name: 'DMARC', status: 'fail', detail: `${domain} publishes no DMARC record.`, fix: `Add a TXT record at _dmarc.${domain}: ${suggested} (Gmail and Yahoo require one from bulk senders).` };
  const policy = /(?:^|;)\s*p=\s*(none|quarantine|reject)/i.exec(records[0]!)?.[1]?.toLowerCase();
  if (!policy) return { name: 'DMARC', status: 'fail', detail: `The DMARC record "${records[0]}" has no valid policy (p=).`, fix: `Use e.g. ${suggested}` };
  if (policy === 'none') return { name: 'DMARC', status: 'warn', detail: 'DMARC policy is p=none: monitoring only.', fix: 'Once SPF and DKIM pass in the reports, move to p=quarantine.' };
  return { name: 'DMARC', status: 'pass', detail: `DMARC policy is p=${policy}.`, fix: null };
}

export async function mailboxHealth(dns: MailDns, emailAddress: string, provider: MailProvider, now = new Date()): Promise<MailHealth> {
  const domain = emailAddress.split('@')[1]?.toLowerCase() ?? '';
  const checks = await Promise.all([
    orUnknown('MX', () => checkMx(dns, domain)),
    orUnknown('SPF', () => checkSpf(dns, domain, provider)),
    orUnknown('DKIM', () => checkDkim(dns, domain, provider)),
    orUnknown('DMARC', () => checkDmarc(dns, domain)),
  ]);
  return { emailAddress, domain, dnsReachable: checks.every((c) => c.status !== 'unknown'), checkedAt: now.toISOString(), checks };
}
