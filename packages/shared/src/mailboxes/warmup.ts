import { z } from 'zod';
import { text, trimmedText } from '../primitives.js';
import { MailProvider } from './schemas.js';

/**
 * Warm-up (spec/settings.md §3 "Warmup campaign", §4 Email account, §7 /email-warmup; issue 21):
 * a mailbox exchanges small natural messages with the warm-up pool on a daily ramp. New accounts
 * start at 5 a day (§5 guidance) and add a few a day up to a ceiling under the §5 limit of 50.
 */
export const WARMUP_RAMP = { startPerDay: 5, addPerDay: 2, maxPerDay: 40 } as const;

/** Messages a warmed-up mailbox sends on its `day` of warm-up (day 0: the day it started). */
export function warmupDailyTarget(day: number): number {
  return Math.min(WARMUP_RAMP.maxPerDay, WARMUP_RAMP.startPerDay + WARMUP_RAMP.addPerDay * Math.max(0, Math.floor(day)));
}

export const WARMUP_MESSAGES = {
  nameRequired: 'Please enter your full name to enable email warmup',
  appPasswordRequired: 'App password is required',
  appPasswordLength: 'A Google app password is 16 characters (spaces do not count).',
  alreadyOn: 'Warm-up is already on for this mailbox.',
  notOn: 'Warm-up is not on for this mailbox.',
  disconnected: 'Reconnect this mailbox before warming it up.',
  noCredits: "Not enough credits for this month's warm-up (2,000 credits per inbox).",
  startFailed: 'There was an error starting the warmup. Please try again later!',
  pauseFailed: 'There was an error pausing the warmup. Please try again later!',
  noLinkNeeded: 'This mailbox warms up through the IMAP and SMTP login it was connected with; it needs no sign-in link.',
} as const;

export const WarmupStatus = z.enum(['none', 'active', 'paused']);
export type WarmupStatus = z.infer<typeof WarmupStatus>;

const email = trimmedText().toLowerCase().pipe(z.email());

/** POST /email-warmup: the Warmup campaign's fields (§3), plus whether to share the mailbox with other teams' pool. */
export const WarmupStartBody = z.object({
  email,
  provider: MailProvider.optional(),
  first_name: trimmedText().min(1, WARMUP_MESSAGES.nameRequired).max(100),
  last_name: trimmedText().min(1, WARMUP_MESSAGES.nameRequired).max(100),
  /** Gmail mailboxes connected with a password give their app password (§5: required, 16 characters). */
  app_password: text()
    .max(64)
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => v === '' || v.length === 16, WARMUP_MESSAGES.appPasswordLength)
    .optional(),
  sharePool: z.boolean().default(false),
});
export type WarmupStartBody = z.input<typeof WarmupStartBody>;

/** PATCH /email-warmup: active → paused (pause), paused → active (start). */
export const WarmupPatchBody = z.object({ email, action: z.enum(['pause', 'start']) });
export type WarmupPatchBody = z.infer<typeof WarmupPatchBody>;

/** GET /email-warmup/link: the mailbox whose sign-in link is asked for. */
export const WarmupLinkQuery = z.object({ email });
export type WarmupLinkQuery = z.infer<typeof WarmupLinkQuery>;
/** The provider's consent page, signed in as the mailbox, granting the access the warm-up sends and tends with. */
export const WarmupLinkResponse = z.object({ data: z.object({ url: z.string() }) });

export const EmailWarmup = z.object({
  emailAddress: z.string(),
  status: WarmupStatus,
  sharedPool: z.boolean(),
  /** Messages the ramp allows today, and those sent so far today. */
  dailyTarget: z.number().int(),
  sentToday: z.number().int(),
  /** Of the warm-up messages found at their recipient in the last 14 days, the share in the inbox (not junk); null before any. */
  inboxPlacementRate: z.number().nullable(),
  placed: z.number().int(),
  startedAt: z.string().nullable(),
  pausedReason: z.string().nullable(),
});
export type EmailWarmup = z.infer<typeof EmailWarmup>;
export const EmailWarmupsResponse = z.object({ data: z.array(EmailWarmup) });
export const EmailWarmupResponse = z.object({ data: EmailWarmup });
