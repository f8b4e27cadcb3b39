import { z } from 'zod';
import { CREDIT_COSTS } from '../credits/constants.js';
import { ProspectEmail } from '../search/filters.js';

/** Credits per address checked (spec §9: 'email validation' 5). */
export const EMAIL_VALIDATION_COST = CREDIT_COSTS.emailValidation;

/** What a check concluded, stored as the email's status: spec §4's statuses. */
export const VerificationVerdict = z.enum(['valid', 'invalid', 'catch-all', 'unknown']);
export type VerificationVerdict = z.infer<typeof VerificationVerdict>;

/** One address checked: its verdict and why, in words a user reads. */
export const EmailCheck = z.object({ email: z.string(), status: VerificationVerdict, reason: z.string(), charged: z.boolean() });
export type EmailCheck = z.infer<typeof EmailCheck>;

/** `POST /api/v1/email-verification/single`: every unchecked email of one team contact. */
export const VerifyContactBody = z.object({ contactId: z.uuid('Contact not found') }).strict();
export type VerifyContactBody = z.infer<typeof VerifyContactBody>;

export const VerifiedContact = z.object({
  contact: z.string(),
  emails: z.array(ProspectEmail),
  primaryEmail: z.string().nullable(),
  checks: z.array(EmailCheck),
  creditsCharged: z.number().int(),
});
export type VerifiedContact = z.infer<typeof VerifiedContact>;
export const VerifyContactResponse = z.object({ data: VerifiedContact });
export type VerifyContactResponse = z.infer<typeof VerifyContactResponse>;

/** `POST /api/v1/email-verification/bulk`: every unchecked email of a list's contacts, as a job. */
export const VerifyListBody = z.object({ listId: z.uuid('List not found') }).strict();
export type VerifyListBody = z.infer<typeof VerifyListBody>;
export const VerifyListResponse = z.object({
  data: z.object({
    /** The progress record (`GET /api/v1/jobs/{jobId}`), counted in contacts. */
    jobId: z.string(),
    contacts: z.number().int(),
    emails: z.number().int(),
    creditsHeld: z.number().int(),
  }),
});
export type VerifyListResponse = z.infer<typeof VerifyListResponse>;

export const VERIFICATION_MESSAGES = {
  offline:
    'Email verification needs the internet, and this server cannot reach a DNS server right now. Nothing was checked and no credits were charged.',
  nothingToVerify: 'There is no unverified email to check.',
  verified: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'email' : 'emails'} checked.`,
  listStarted: (n: number) => `Checking ${n.toLocaleString('en-US')} ${n === 1 ? 'email' : 'emails'}. The list updates as they are checked.`,
  failed: 'There was an error verifying the emails. Please try again later!',
} as const;
