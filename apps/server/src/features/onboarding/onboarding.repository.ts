import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export async function findOnboardingStep(db: Kysely<DB>, userId: string) {
  const row = await db.selectFrom('users').select('onboarding_step').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.onboarding_step;
}

/**
 * Sets the step only when the user is behind it (`behind` lists the steps before it, 'finished'
 * never among them), in one statement so two tabs saving at once cannot move anyone back.
 */
export async function advanceOnboardingStep(db: Kysely<DB>, userId: string, step: string, behind: readonly string[]) {
  if (behind.length === 0) return;
  await db.updateTable('users').set({ onboarding_step: step }).where('id', '=', userId).where('onboarding_step', 'in', behind).execute();
}

/** The knowledge profile the team's company step created, if it still exists. */
export async function findCompanyProfileId(db: Kysely<DB>, teamId: string) {
  const row = await db.selectFrom('onboarding_knowledge_profiles').select('profile_id').where('team_id', '=', teamId).executeTakeFirst();
  return row?.profile_id;
}

export async function saveCompanyProfileId(db: Kysely<DB>, teamId: string, profileId: string) {
  await db
    .insertInto('onboarding_knowledge_profiles')
    .values({ team_id: teamId, profile_id: profileId })
    .onConflict((oc) => oc.column('team_id').doUpdateSet({ profile_id: profileId }))
    .execute();
}

/** Adds the tour to the user's completed tours once, and answers the list. */
export async function addCompletedTour(db: Kysely<DB>, userId: string, tourId: string) {
  const row = await db
    .updateTable('users')
    .set({
      completed_onboarding_tours: sql<string[]>`case when ${tourId} = any(completed_onboarding_tours) then completed_onboarding_tours else array_append(completed_onboarding_tours, ${tourId}::text) end`,
    })
    .where('id', '=', userId)
    .returning('completed_onboarding_tours')
    .executeTakeFirstOrThrow();
  return row.completed_onboarding_tours;
}

export async function clearCompletedTours(db: Kysely<DB>, userId: string) {
  await db.updateTable('users').set({ completed_onboarding_tours: sql<string[]>`'{}'::text[]` }).where('id', '=', userId).execute();
}

export async function findAllowedDomains(db: Kysely<DB>, teamId: string) {
  const rows = await db.selectFrom('website_allowed_domains').select('domain').where('team_id', '=', teamId).orderBy('created_at').orderBy('domain').execute();
  return rows.map((row) => row.domain);
}

/** Replaces the team's list: domains kept keep their place, new ones are added after them. */
export async function replaceAllowedDomains(db: Kysely<DB>, teamId: string, domains: string[]) {
  await db.transaction().execute(async (trx) => {
    let removal = trx.deleteFrom('website_allowed_domains').where('team_id', '=', teamId);
    if (domains.length > 0) removal = removal.where('domain', 'not in', domains);
    await removal.execute();
    if (domains.length === 0) return;
    await trx
      .insertInto('website_allowed_domains')
      .values(domains.map((domain) => ({ team_id: teamId, domain })))
      .onConflict((oc) => oc.columns(['team_id', 'domain']).doNothing())
      .execute();
  });
}
