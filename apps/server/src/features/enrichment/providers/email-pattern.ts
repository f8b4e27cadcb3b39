import { promises as dns } from 'node:dns';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { findDomainEmailExamples } from '../enrichment.repository.js';
import type { EnrichmentProvider, EnrichmentQuery, EnrichmentWants, ProviderAnswer } from './types.js';

export const EMAIL_PATTERN = 'email_pattern';

/** Address patterns seen in company mailboxes, as functions of the normalised first and last name. */
export const PATTERNS = {
  'first.last': (f: string, l: string) => `${f}.${l}`,
  flast: (f: string, l: string) => `${f[0]}${l}`,
  first: (f: string) => f,
  first_last: (f: string, l: string) => `${f}_${l}`,
  firstlast: (f: string, l: string) => `${f}${l}`,
  firstl: (f: string, l: string) => `${f}${l[0]}`,
  'f.last': (f: string, l: string) => `${f[0]}.${l}`,
  'last.first': (f: string, l: string) => `${l}.${f}`,
  last: (_f: string, l: string) => l,
} as const satisfies Record<string, (first: string, last: string) => string>;
export type PatternName = keyof typeof PATTERNS;

/** A name part as mailboxes spell it: ASCII letters only ("José-María" → "josemaria"). */
export function mailboxPart(name: string | null | undefined): string {
  return (name ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** The patterns an address's local part fits for this person (several can, e.g. for one-letter names). */
export function patternsOf(localPart: string, first: string, last: string): PatternName[] {
  if (!first || !last) return [];
  return (Object.keys(PATTERNS) as PatternName[]).filter((name) => PATTERNS[name](first, last) === localPart);
}

/** At least this many known addresses, and this share of them, must agree before we propose one. */
export const MIN_EXAMPLES = 3;
export const MIN_SHARE = 0.6;

/** The domain's pattern, learnt from known addresses with their owners' names; null when the evidence is thin. */
export function learnPattern(examples: Array<{ email: string; firstName: string | null; lastName: string | null }>): { pattern: PatternName; examples: number; share: number } | null {
  const votes = new Map<PatternName, number>();
  let usable = 0;
  for (const e of examples) {
    const fits = patternsOf(e.email.split('@')[0] ?? '', mailboxPart(e.firstName), mailboxPart(e.lastName));
    if (fits.length === 0) continue;
    usable += 1;
    for (const p of fits) votes.set(p, (votes.get(p) ?? 0) + 1);
  }
  const [best] = [...votes.entries()].sort((a, b) => b[1] - a[1]);
  if (!best || best[1] < MIN_EXAMPLES || best[1] / usable < MIN_SHARE) return null;
  return { pattern: best[0], examples: best[1], share: best[1] / usable };
}

/** Answers whether the domain receives mail; throws when DNS itself cannot be reached. */
export type MxResolver = (domain: string) => Promise<boolean>;

const OFFLINE_CODES = new Set(['ECONNREFUSED', 'ETIMEOUT', 'ESERVFAIL', 'EREFUSED', 'ECONNRESET', 'EAI_AGAIN']);

export class DnsUnreachableError extends Error {}

/** The system resolver: a domain with MX records (or none: NXDOMAIN/NODATA) answers; an unreachable DNS throws. */
export const systemMxResolver: MxResolver = async (domain) => {
  try {
    return (await dns.resolveMx(domain)).length > 0;
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'ENOTFOUND' || code === 'ENODATA') return false;
    if (OFFLINE_CODES.has(code)) throw new DnsUnreachableError(`DNS is not reachable (${code})`);
    throw error;
  }
};

const EXAMPLES_PER_DOMAIN = 200;

/**
 * Provider 2 of the waterfall: learns each company domain's address pattern from the work
 * emails the people database already holds there, and proposes the person's address when the
 * domain has MX records. A guess is never verified, so its status is 'unknown' (shown as risky,
 * 'Accepts all') and it is not charged as an accurate match. When DNS cannot be reached it says
 * so (`onNote`) and proposes nothing: a guess for a domain we could not check is not offered.
 */
export function createEmailPatternProvider(
  db: Kysely<DB>,
  options: { resolveMx?: MxResolver; onNote?: (note: string) => void } = {},
): EnrichmentProvider {
  const resolveMx = options.resolveMx ?? systemMxResolver;
  return {
    name: EMAIL_PATTERN,
    async lookup(query: EnrichmentQuery, wants: EnrichmentWants): Promise<ProviderAnswer | null> {
      const domain = query.companyDomain?.trim().toLowerCase().replace(/^www\./, '');
      const first = mailboxPart(query.firstName);
      const last = mailboxPart(query.lastName);
      if (!wants.email || !domain || !first || !last) return null;
      const rows = await findDomainEmailExamples(db, domain, EXAMPLES_PER_DOMAIN);
      const learnt = learnPattern(rows);
      if (!learnt) return { provider: EMAIL_PATTERN, emails: [], phones: [] };
      let receivesMail: boolean;
      try {
        receivesMail = await resolveMx(domain);
      } catch (error) {
        if (!(error instanceof DnsUnreachableError)) throw error;
        options.onNote?.(`${EMAIL_PATTERN}: ${error.message}, so no address was guessed for ${domain}`);
        return null;
      }
      if (!receivesMail) return { provider: EMAIL_PATTERN, emails: [], phones: [] };
      const email = `${PATTERNS[learnt.pattern](first, last)}@${domain}`;
      return { provider: EMAIL_PATTERN, emails: [{ email, status: 'unknown', kind: 'work' }], phones: [] };
    },
  };
}
