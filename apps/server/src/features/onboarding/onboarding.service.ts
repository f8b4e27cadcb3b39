import {
  AppError,
  COMPANY_MESSAGES,
  DEFAULT_KNOWLEDGE_PROFILE_NAME,
  normalizeDomain,
  normalizeRootUrl,
  ONBOARDING_STEPS,
  onboardingStepIndex,
  trackingScriptTag,
  type EnrichmentPreferenceId,
  type KnowledgeProfileDto,
  type OnboardingProfile,
  type OnboardingStep,
  type OnboardingRootUrl,
  type TourId,
} from '@leadline/shared';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { updateCompanyInfo } from '../company/index.js';
import { createKnowledgeProfile, findKnowledgeProfile, replaceKnowledgeRootUrls } from '../knowledge-hub/index.js';
import * as repo from './onboarding.repository.js';

/** The stored steps before `step`: the users who may be moved to it. */
const stepsBefore = (step: OnboardingStep): readonly string[] => ONBOARDING_STEPS.slice(0, onboardingStepIndex(step));

/**
 * Saves the user's onboarding step only if they are behind it (spec/engage.md §4): a finished
 * user, an invited member among them, is never put back into onboarding.
 */
export async function advanceOnboardingStep(db: Kysely<DB>, userId: string, step: OnboardingStep): Promise<void> {
  await repo.advanceOnboardingStep(db, userId, step, stepsBefore(step));
}

/**
 * `PUT /userInfo`, which the spec uses for the user's onboarding step and for the company's
 * name, website and enrichment preference: onboarding composes company's part with its own step,
 * so company needs to know nothing of onboarding. All or nothing, in one transaction.
 */
export async function updateUserInfo(
  db: Kysely<DB>,
  actor: Actor,
  input: { companyName?: string | undefined; domain?: string | undefined; onboardingStep?: OnboardingStep | undefined; enrichmentPreferenceId?: EnrichmentPreferenceId | undefined },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await updateCompanyInfo(trx, actor.teamId, input);
    if (input.onboardingStep !== undefined) await advanceOnboardingStep(trx, actor.userId, input.onboardingStep);
  });
}

type OnboardInput = { companyName: string; domain: string; competitorDomains: string[]; includeSubPages: boolean };

const presentProfile = (profile: KnowledgeProfileDto): OnboardingProfile => ({ profileName: profile.profileName, rootUrls: profile.rootUrls, createdAt: profile.createdAt });

/**
 * The company's site first, then each competitor once (a competitor that is the company's own
 * site is left out), every one with the one 'scrape up to 100 subpages' choice.
 */
function companyRootUrls(input: OnboardInput): OnboardingRootUrl[] {
  const site = normalizeRootUrl(input.domain);
  if (!site) throw new AppError('VALIDATION_FAILED', COMPANY_MESSAGES.invalidWebsite, { field: 'domain' });
  const own = normalizeDomain(site);
  const competitors = new Set(input.competitorDomains.map((domain) => normalizeDomain(domain)).filter((host): host is string => host !== null && host !== own));
  return [
    { url: site, isCompetitor: false, includeSubPages: input.includeSubPages },
    ...[...competitors].map((host) => ({ url: `https://${host}`, isCompetitor: true, includeSubPages: input.includeSubPages })),
  ];
}

/**
 * The knowledge hub profile of the company step: the one this team's step created before gets
 * the new root URLs (read again only if they changed); else 'My First Knowledge Hub' is created.
 */
async function saveCompanyProfile(ctx: AppContext, actor: Actor, rootUrls: OnboardingRootUrl[], trx: Transaction<DB>): Promise<KnowledgeProfileDto> {
  const previous = await repo.findCompanyProfileId(trx, actor.teamId);
  const updated = previous ? await replaceKnowledgeRootUrls(ctx, actor, { profileId: previous, rootUrls }, trx) : null;
  if (updated) return updated;
  const created = await createKnowledgeProfile(ctx, actor, { profileName: DEFAULT_KNOWLEDGE_PROFILE_NAME, rootUrls }, { trx });
  await repo.saveCompanyProfileId(trx, actor.teamId, created._id);
  return created;
}

/**
 * `POST /onboard`, the company step: names the team, creates (or updates) its knowledge hub
 * profile, whose crawl starts as a job, and moves the owner to the integrations step, all in
 * one transaction.
 */
export async function onboardCompany(ctx: AppContext, actor: Actor, input: OnboardInput) {
  const rootUrls = companyRootUrls(input);
  return ctx.db.transaction().execute(async (trx) => {
    await updateCompanyInfo(trx, actor.teamId, { companyName: input.companyName, domain: input.domain });
    const profile = await saveCompanyProfile(ctx, actor, rootUrls, trx);
    await advanceOnboardingStep(trx, actor.userId, 'integrations');
    return { profile: presentProfile(profile), onboardingStep: await repo.findOnboardingStep(trx, actor.userId) };
  });
}

/**
 * What the onboarding screens show after a reload. `origin`: where this server is reached;
 * `contactSalesUrl`: the Growth plan's contact-sales link, when the server has one.
 */
export async function getOnboardingState(ctx: AppContext, actor: Actor, links: { origin: string; contactSalesUrl: string | undefined }) {
  const [onboardingStep, profileId, allowedDomains] = await Promise.all([
    repo.findOnboardingStep(ctx.db, actor.userId),
    repo.findCompanyProfileId(ctx.db, actor.teamId),
    repo.findAllowedDomains(ctx.db, actor.teamId),
  ]);
  const profile = profileId ? await findKnowledgeProfile(ctx, actor, profileId) : null;
  return {
    onboardingStep,
    profile: profile ? presentProfile(profile) : null,
    allowedDomains,
    scriptTag: trackingScriptTag(links.origin, actor.teamId),
    contactSalesUrl: links.contactSalesUrl ?? null,
  };
}

/** Records a finished or skipped tour; recording it twice changes nothing. */
export async function completeTour(db: Kysely<DB>, actor: Actor, tourId: TourId) {
  return { completedOnboardingTours: await repo.addCompletedTour(db, actor.userId, tourId) };
}

/** "Replay tours": every tour runs again on its screen. */
export async function replayTours(db: Kysely<DB>, actor: Actor) {
  await repo.clearCompletedTours(db, actor.userId);
  return { completedOnboardingTours: [] };
}

export async function listAllowedDomains(db: Kysely<DB>, actor: Actor) {
  return repo.findAllowedDomains(db, actor.teamId);
}

/** `PUT /ip-addresses`: the whole list, each domain normalised, duplicates once. */
export async function setAllowedDomains(db: Kysely<DB>, actor: Actor, body: { domain: string[] }) {
  const domains = [...new Set(body.domain.map((domain) => normalizeDomain(domain)).filter((domain): domain is string => domain !== null))];
  await repo.replaceAllowedDomains(db, actor.teamId, domains);
  return repo.findAllowedDomains(db, actor.teamId);
}
