import crypto from 'node:crypto';
import type { VerificationVerdict } from '@leadline/shared';
import { SmtpUnreachableError, type MailProbe } from '../../lib/net/mail-probe.js';

export type AddressCheck = {
  status: VerificationVerdict;
  reason: string;
  /** Whether the check asked the network (DNS answered): only such a check costs credits. */
  charged: boolean;
};

/** How many MX hosts are tried, best first, before the mailbox is called unknown. */
const MX_HOSTS_TRIED = 2;

/** RFC 5321 sizes and a conservative shape: a local part without spaces, quotes or brackets, a dotted host name. */
export function isEmailSyntaxValid(email: string): boolean {
  if (email.length > 254) return false;
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > 64 || !/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  const labels = domain.split('.');
  return labels.length >= 2 && labels.every((l) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(l)) && !/^\d+$/.test(labels.at(-1)!);
}

const isAccepted = (code: number) => code === 250 || code === 251;
const isRefused = (code: number) => code >= 550 && code <= 553;

/**
 * Checks one address: syntax, then the domain's MX records, then an SMTP RCPT probe on its MX
 * host, together with a made-up address at the same domain to tell a catch-all server. A
 * DnsUnreachableError from the probe is let through: the caller reports the check as not made.
 */
export async function checkAddress(probe: MailProbe, email: string): Promise<AddressCheck> {
  const address = email.trim();
  if (!isEmailSyntaxValid(address)) return { status: 'invalid', reason: 'This is not a valid email address.', charged: false };
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  const hosts = await probe.mxHosts(domain);
  if (hosts.length === 0) return { status: 'invalid', reason: `${domain} has no mail server (no MX record).`, charged: true };
  const decoy = `${crypto.randomBytes(9).toString('hex')}@${domain}`;
  const unreachable: string[] = [];
  for (const host of hosts.slice(0, MX_HOSTS_TRIED)) {
    let codes: number[];
    try {
      codes = await probe.rcpt(host.exchange, [address, decoy]);
    } catch (error) {
      if (!(error instanceof SmtpUnreachableError)) throw error;
      unreachable.push(error.message);
      continue;
    }
    const [mine = 0, other = 0] = codes;
    if (isAccepted(mine) && isAccepted(other)) return { status: 'catch-all', reason: `The mail server of ${domain} accepts any address, so this one cannot be proved.`, charged: true };
    if (isAccepted(mine)) return { status: 'valid', reason: 'The mail server accepts this mailbox.', charged: true };
    if (isRefused(mine)) return { status: 'invalid', reason: `The mail server refused this mailbox (${mine}).`, charged: true };
    return { status: 'unknown', reason: `The mail server did not say whether this mailbox exists (${mine}).`, charged: true };
  }
  return {
    status: 'unknown',
    reason: `${domain} receives mail (MX records found), but its mail server could not be reached from this network to check the mailbox (${unreachable.join('; ')}).`,
    charged: true,
  };
}
