import { z } from 'zod';
import { trimmedText } from '../primitives.js';
import { COMPANY_MESSAGES, isValidWebsite } from '../settings/company.js';
import { normalizeDomain } from './domains.js';
import { MAX_ALLOWED_DOMAINS, MAX_COMPETITOR_DOMAINS, ONBOARDING_MESSAGES } from './messages.js';
import { ONBOARDING_FINISHED, ONBOARDING_STEPS, TOUR_IDS, type TourId } from './steps.js';

export const OnboardingStepValue = z.enum([...ONBOARDING_STEPS, ONBOARDING_FINISHED]);

/**
 * `POST /onboard`: the company step. The spec's checks in its order: name and website, the
 * website's form, then at least one competitor domain.
 */
export const OnboardBody = z
  .object({
    companyName: trimmedText().max(200),
    domain: trimmedText().max(253),
    competitorDomains: z.array(trimmedText().max(253)).max(MAX_COMPETITOR_DOMAINS),
    includeSubPages: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    if (!body.companyName || !body.domain) {
      ctx.addIssue({ code: 'custom', path: [body.companyName ? 'domain' : 'companyName'], message: COMPANY_MESSAGES.nameAndWebsiteRequired });
    } else if (!isValidWebsite(body.domain)) {
      ctx.addIssue({ code: 'custom', path: ['domain'], message: COMPANY_MESSAGES.invalidWebsite });
    } else if (body.competitorDomains.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['competitorDomains'], message: ONBOARDING_MESSAGES.competitorRequired });
    }
    body.competitorDomains.forEach((domain, index) => {
      if (!normalizeDomain(domain)) ctx.addIssue({ code: 'custom', path: ['competitorDomains', index], message: ONBOARDING_MESSAGES.invalidDomain });
    });
  });
export type OnboardBody = z.input<typeof OnboardBody>;

export const OnboardingRootUrl = z.object({ url: z.string(), isCompetitor: z.boolean(), includeSubPages: z.boolean() });
export type OnboardingRootUrl = z.infer<typeof OnboardingRootUrl>;

/** The knowledge hub profile the company step created, as the step shows it. */
export const OnboardingProfile = z.object({ profileName: z.string(), rootUrls: z.array(OnboardingRootUrl), createdAt: z.string() });
export type OnboardingProfile = z.infer<typeof OnboardingProfile>;

export const OnboardResponse = z.object({ data: z.object({ profile: OnboardingProfile, onboardingStep: z.string() }) });
export type OnboardResponse = z.infer<typeof OnboardResponse>;

/** `GET /api/v1/onboarding`: what the onboarding screens show again after a reload. */
export const OnboardingStateResponse = z.object({
  data: z.object({ onboardingStep: z.string(), profile: OnboardingProfile.nullable(), allowedDomains: z.array(z.string()), scriptTag: z.string(), contactSalesUrl: z.string().nullable() }),
});
export type OnboardingStateResponse = z.infer<typeof OnboardingStateResponse>;

export const TourIdValue = z.enum(TOUR_IDS as [TourId, ...TourId[]]);
export const TourQuery = z.object({ tourId: TourIdValue });
export const ToursResponse = z.object({ data: z.object({ completedOnboardingTours: z.array(z.string()) }) });
export type ToursResponse = z.infer<typeof ToursResponse>;

/** `PUT /ip-addresses`: the team's allowed domains for website visitor tracking, the whole list. */
export const AllowedDomainsBody = z.object({
  domain: z
    .array(trimmedText().max(253))
    .max(MAX_ALLOWED_DOMAINS)
    .superRefine((domains, ctx) => {
      domains.forEach((domain, index) => {
        if (!normalizeDomain(domain)) ctx.addIssue({ code: 'custom', path: [index], message: ONBOARDING_MESSAGES.invalidDomain });
      });
    }),
});
export type AllowedDomainsBody = z.input<typeof AllowedDomainsBody>;
export const AllowedDomainsResponse = z.object({ data: z.array(z.string()) });
export type AllowedDomainsResponse = z.infer<typeof AllowedDomainsResponse>;
