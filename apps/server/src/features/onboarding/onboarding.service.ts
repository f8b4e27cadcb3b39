import {
  DEFAULT_KNOWLEDGE_PROFILE_NAME,
  normalizeDomain,
  ONBOARDING_STEPS,
  onboardingStepIndex,
  trackingScriptTag,
  type OnboardingProfile,
  type OnboardingStep,
  type OnboardingRootUrl,
  type TourId,
} from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { updateTeamCompany } from '../company/index.js';
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

/** The company's website as a root URL: the typed address when it has a scheme, else https. */
const websiteUrl = (website: string) => (/^https?:\/\//i.test(website) ? website : `https://${website}`);

function presentProfile(row: { profile_name: string; root_urls: unknown; created_at: Date }): OnboardingProfile {
  return { profileName: row.profile_name, rootUrls: row.root_urls as OnboardingRootUrl[], createdAt: row.created_at.toISOString() };
}

type OnboardInput = { companyName: string; domain: string; competitorDomains: string[]; includeSubPages: boolean };

/**
 * `POST /onboard`, the company step: names the team, records its default knowledge profile
 * (the company's site and each competitor as root URLs) and moves the owner to the
 * integrations step, all in one transaction.
 */
export async function onboardCompany(db: Kysely<DB>, actor: Actor, input: OnboardInput) {
  const competitors = [...new Set(input.competitorDomains.map((domain) => normalizeDomain(domain)).filter((domain): domain is string => domain !== null))];
  const rootUrls: OnboardingRootUrl[] = [
    { url: websiteUrl(input.domain), isCompetitor: false, includeSubPages: input.includeSubPages },
    ...competitors.map((host) => ({ url: `https://${host}`, isCompetitor: true, includeSubPages: input.includeSubPages })),
  ];
  return db.transaction().execute(async (trx) => {
    await updateTeamCompany(trx, actor.teamId, { name: input.companyName, website: input.domain });
    const profile = await repo.upsertProfile(trx, { teamId: actor.teamId, userId: actor.userId, profileName: DEFAULT_KNOWLEDGE_PROFILE_NAME, rootUrls });
    await advanceOnboardingStep(trx, actor.userId, 'integrations');
    return { profile: presentProfile(profile), onboardingStep: await repo.findOnboardingStep(trx, actor.userId) };
  });
}

/**
 * What the onboarding screens show after a reload. `origin`: where this server is reached;
 * `salesBookingUrl`: the Growth plan's contact-sales link, when the server has one.
 */
export async function getOnboardingState(db: Kysely<DB>, actor: Actor, links: { origin: string; salesBookingUrl: string | undefined }) {
  const [onboardingStep, profile, allowedDomains] = await Promise.all([
    repo.findOnboardingStep(db, actor.userId),
    repo.findProfile(db, actor.teamId),
    repo.findAllowedDomains(db, actor.teamId),
  ]);
  return {
    onboardingStep,
    profile: profile ? presentProfile(profile) : null,
    allowedDomains,
    scriptTag: trackingScriptTag(links.origin, actor.teamId),
    salesBookingUrl: links.salesBookingUrl ?? null,
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
