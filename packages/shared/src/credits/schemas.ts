import { z } from 'zod';
import { CREDIT_STATUS_LEVELS } from './status.js';

export const CreditStatusLevel = z.enum(CREDIT_STATUS_LEVELS);
export type CreditStatusLevel = z.infer<typeof CreditStatusLevel>;

/** The team's credits for its current period (spec: Credits {used, available, total, startDate, endDate}). */
export const CreditsInfo = z.object({
  used: z.number(),
  available: z.number(),
  total: z.number(),
  /** Held for running bulk jobs: neither used nor available until charged or released. */
  held: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  plan: z.string(),
  level: CreditStatusLevel,
});
export type CreditsInfo = z.infer<typeof CreditsInfo>;
/** GET /analytics/getCreditsInfo */
export const CreditsInfoResponse = z.object({ data: CreditsInfo });
export type CreditsInfoResponse = z.infer<typeof CreditsInfoResponse>;

/** The caller's own use this calendar month (UTC) against their cap; creditsCap null is no cap. */
export const UserCreditsUsed = z.object({
  creditsUsed: z.number(),
  creditsHeld: z.number(),
  creditsCap: z.number().nullable(),
  startDate: z.string(),
  endDate: z.string(),
});
export type UserCreditsUsed = z.infer<typeof UserCreditsUsed>;
/** GET /credits/getUserCreditsUsed */
export const UserCreditsUsedResponse = z.object({ data: UserCreditsUsed });
export type UserCreditsUsedResponse = z.infer<typeof UserCreditsUsedResponse>;

export const LEDGER_KINDS = ['grant', 'charge', 'hold', 'release', 'refund'] as const;
export const LedgerKind = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof LedgerKind>;
