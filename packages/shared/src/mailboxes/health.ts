import { z } from 'zod';
import { trimmedText } from '../primitives.js';

/** Mailbox health (issue 21): the sending domain's DNS, as receivers judge it. */
export const MAIL_HEALTH_CHECKS = ['MX', 'SPF', 'DKIM', 'DMARC'] as const;
export const MailHealthStatus = z.enum(['pass', 'warn', 'fail', 'unknown']);
export type MailHealthStatus = z.infer<typeof MailHealthStatus>;

export const MailHealthCheck = z.object({
  name: z.enum(MAIL_HEALTH_CHECKS),
  status: MailHealthStatus,
  /** What was found. */
  detail: z.string(),
  /** What to change, when something should be; null when the check passes. */
  fix: z.string().nullable(),
});
export type MailHealthCheck = z.infer<typeof MailHealthCheck>;

export const MailHealthQuery = z.object({ emailAddress: trimmedText().toLowerCase().pipe(z.string().max(320)) });
export const MailHealth = z.object({
  emailAddress: z.string(),
  domain: z.string(),
  /** False when no DNS server answered: the checks say "unknown" rather than guess. */
  dnsReachable: z.boolean(),
  checkedAt: z.string(),
  checks: z.array(MailHealthCheck),
});
export type MailHealth = z.infer<typeof MailHealth>;
export const MailHealthResponse = z.object({ data: MailHealth });
