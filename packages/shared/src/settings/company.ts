import { z } from 'zod';
import { ONBOARDING_FINISHED, ONBOARDING_STEPS } from '../onboarding/steps.js';
import { trimmedText } from '../primitives.js';

/** The Company tab's messages (spec/settings.md §5 and §8), verbatim. */
export const COMPANY_MESSAGES = {
  nameAndWebsiteRequired: 'Company name and website are required',
  invalidWebsite: 'Please enter a valid website URL',
  updated: 'Company name and website updated successfully!',
  updateFailed: 'Failed to update company info',
  logoType: 'Please select a valid image file (JPG, JPEG or PNG)',
  logoSize: 'File size must be less than 5MB...',
} as const;

/** Logo uploads: under 5 MB (5,242,880 bytes), JPEG or PNG by content. */
export const LOGO_MAX_BYTES = 5_242_880;
/** The stored logo fits in this square (pixels), aspect kept. */
export const LOGO_MAX_SIDE = 512;

const WEBSITE_PATTERN = /^(https?:\/\/)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(:\d{1,5})?(\/[^\s]*)?$/i;

/** A company website as typed: a host name with a dot, with or without http(s):// and a path. */
export const isValidWebsite = (value: string) => WEBSITE_PATTERN.test(value.trim());

/**
 * How enrichment finds emails (the Accounts tab's Enrichment Preferences): each id names one
 * pair of the user fields arePersonalEmailsPriority and databaseType.
 */
export const ENRICHMENT_PREFERENCES = {
  work_emails: { arePersonalEmailsPriority: false, databaseType: 'standard' },
  work_emails_premium: { arePersonalEmailsPriority: false, databaseType: 'premium' },
  personal_emails_premium: { arePersonalEmailsPriority: true, databaseType: 'premium' },
} as const;
export const EnrichmentPreferenceId = z.enum(['work_emails', 'work_emails_premium', 'personal_emails_premium']);
export type EnrichmentPreferenceId = z.infer<typeof EnrichmentPreferenceId>;

/** The Enrichment Preferences choices, named as spec/settings.md §9 names the enrichment packs. */
export const ENRICHMENT_PREFERENCE_LABELS: Record<EnrichmentPreferenceId, string> = {
  work_emails: 'Work emails',
  work_emails_premium: 'Work emails + Premium database',
  personal_emails_premium: 'Personal emails + Premium database',
};

/** The preference a user's two fields make, or null for a pair no choice gives. */
export function enrichmentPreferenceOf(user: { arePersonalEmailsPriority: boolean; databaseType: string }): EnrichmentPreferenceId | null {
  const ids = Object.keys(ENRICHMENT_PREFERENCES) as EnrichmentPreferenceId[];
  return (
    ids.find((id) => {
      const pair = ENRICHMENT_PREFERENCES[id];
      return pair.arePersonalEmailsPriority === user.arePersonalEmailsPriority && (pair.databaseType === 'premium') === (user.databaseType === 'premium');
    }) ?? null
  );
}

/** spec/settings.md §8: saving enrichment preferences fails in the generic form; the success text is ours. */
export const ENRICHMENT_PREFERENCE_MESSAGES = {
  saved: 'Enrichment preferences updated successfully!',
  saveFailed: 'There was an error saving your enrichment preferences. Please try again later!',
} as const;

/** `PUT /userInfo`: each field is optional; the company's name and website change together. */
export const UserInfoBody = z
  .object({
    companyName: trimmedText().max(200).optional(),
    domain: trimmedText().max(253).optional(),
    /** Saved only when it is ahead of the user's step: nobody is put back into onboarding. */
    onboardingStep: z.enum([...ONBOARDING_STEPS, ONBOARDING_FINISHED]).optional(),
    enrichmentPreferenceId: EnrichmentPreferenceId.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.companyName === undefined && body.domain === undefined) return;
    if (!body.companyName || !body.domain) {
      ctx.addIssue({ code: 'custom', path: [body.companyName ? 'domain' : 'companyName'], message: COMPANY_MESSAGES.nameAndWebsiteRequired });
    } else if (!isValidWebsite(body.domain)) {
      ctx.addIssue({ code: 'custom', path: ['domain'], message: COMPANY_MESSAGES.invalidWebsite });
    }
  });
export type UserInfoBody = z.input<typeof UserInfoBody>;

export const LogoResponse = z.object({ data: z.object({ logoUrl: z.string() }) });
export type LogoResponse = z.infer<typeof LogoResponse>;
