import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Integration, IntegrationServiceName } from '../../db/schema-integrations.js';
import type { CrmData } from '../../db/schema-lists.js';
import { createProfiledContact, updateContactProfile, type ContactProfile } from '../contacts/index.js';
import type { PulledContact } from './vendors/types.js';

export async function findIntegration(db: Kysely<DB>, teamId: string, service: IntegrationServiceName) {
  return db.selectFrom('integrations').selectAll().where('team_id', '=', teamId).where('service', '=', service).executeTakeFirst();
}

export async function findTeamIntegrations(db: Kysely<DB>, teamId: string) {
  return db.selectFrom('integrations').selectAll().where('team_id', '=', teamId).execute();
}

export async function findTeamCrm(db: Kysely<DB>, teamId: string) {
  return db.selectFrom('integrations').selectAll().where('team_id', '=', teamId).where('is_crm', '=', true).executeTakeFirst();
}

export type IntegrationValues = {
  connectedBy: string | null;
  accountEmail: string | null;
  portalId: string | null;
  instanceUrl: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  tokenExpiresAt: Date | null;
  settings?: Record<string, unknown>;
};

/** Connects (or reconnects) a service; a second CRM is refused by the unique index. */
export async function upsertIntegration(db: Kysely<DB>, teamId: string, service: IntegrationServiceName, v: IntegrationValues) {
  const values = {
    connected_by: v.connectedBy,
    account_email: v.accountEmail,
    portal_id: v.portalId,
    instance_url: v.instanceUrl,
    access_token: v.accessToken,
    refresh_token: v.refreshToken,
    token_expires_at: v.tokenExpiresAt,
    updated_at: new Date(),
  };
  return db
    .insertInto('integrations')
    .values({ team_id: teamId, service, ...values, settings: JSON.stringify(v.settings ?? {}) })
    .onConflict((oc) => oc.columns(['team_id', 'service']).doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTokens(db: Kysely<DB>, id: string, v: { accessToken: string; refreshToken: string | null; tokenExpiresAt: Date | null; instanceUrl?: string | null }) {
  await db
    .updateTable('integrations')
    .set({
      access_token: v.accessToken,
      ...(v.refreshToken ? { refresh_token: v.refreshToken } : {}),
      token_expires_at: v.tokenExpiresAt,
      ...(v.instanceUrl ? { instance_url: v.instanceUrl } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function updateIntegration(
  db: Kysely<DB>,
  id: string,
  v: { settings?: Record<string, unknown>; userForSyncId?: string | null; lastPullAt?: Date; lastPushAt?: Date },
) {
  await db
    .updateTable('integrations')
    .set({
      ...(v.settings ? { settings: JSON.stringify(v.settings) } : {}),
      ...(v.userForSyncId !== undefined ? { user_for_sync_id: v.userForSyncId } : {}),
      ...(v.lastPullAt ? { last_pull_at: v.lastPullAt } : {}),
      ...(v.lastPushAt ? { last_push_at: v.lastPushAt } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteIntegration(db: Kysely<DB>, teamId: string, service: IntegrationServiceName) {
  const row = await db.deleteFrom('integrations').where('team_id', '=', teamId).where('service', '=', service).returning('id').executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes the team's pull lease for a run: answers true when no other run holds it (or its holder
 * died and the lease ran out), or when this run holds it already (a retry of a run that died).
 * Two pulls of one team never run at once.
 */
export async function takePullLease(db: Kysely<DB>, id: string, runId: string, seconds: number) {
  const row = await db
    .updateTable('integrations')
    .set({ pull_lease_until: sql`now() + make_interval(secs => ${seconds})`, pull_lease_run: runId })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('pull_lease_until', 'is', null), eb('pull_lease_until', '<', sql<Date>`now()`), eb('pull_lease_run', '=', runId)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function renewPullLease(db: Kysely<DB>, id: string, runId: string, seconds: number) {
  await db.updateTable('integrations').set({ pull_lease_until: sql`now() + make_interval(secs => ${seconds})` }).where('id', '=', id).where('pull_lease_run', '=', runId).execute();
}

export async function releasePullLease(db: Kysely<DB>, id: string, runId: string) {
  await db.updateTable('integrations').set({ pull_lease_until: null, pull_lease_run: null }).where('id', '=', id).where('pull_lease_run', '=', runId).execute();
}

/** Teams whose CRM has auto-pull on: the hourly schedule's work. */
export async function findAutoPullIntegrations(db: Kysely<DB>) {
  return db
    .selectFrom('integrations')
    .select(['id', 'team_id', 'service', 'user_for_sync_id'])
    .where('is_crm', '=', true)
    .where(sql<boolean>`(settings->>'autoPullEnabled')::boolean is true`)
    .execute();
}

/* Sync runs */

export async function insertSyncRun(
  db: Kysely<DB>,
  v: { teamId: string; userId: string | null; service: string; direction: 'push' | 'pull'; params: Record<string, unknown>; progressId: string; listId?: string | null },
) {
  return db
    .insertInto('sync_runs')
    .values({ team_id: v.teamId, user_id: v.userId, service: v.service, direction: v.direction, params: JSON.stringify(v.params), progress_id: v.progressId, list_id: v.listId ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findSyncRun(db: Kysely<DB>, id: string) {
  return db.selectFrom('sync_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records the list a pull run fills. */
export async function setSyncRunList(db: Kysely<DB>, id: string, listId: string) {
  await db.updateTable('sync_runs').set({ list_id: listId }).where('id', '=', id).execute();
}

export async function advanceSyncRun(db: Kysely<DB>, id: string, v: { cursor: string | null; pushed: number; failed: number; skipped: number }) {
  await db
    .updateTable('sync_runs')
    .set((eb) => ({ cursor: v.cursor, pushed: eb('pushed', '+', v.pushed), failed: eb('failed', '+', v.failed), skipped: eb('skipped', '+', v.skipped) }))
    .where('id', '=', id)
    .execute();
}

export async function finishSyncRun(db: Kysely<DB>, id: string, state: 'completed' | 'failed' | 'skipped') {
  return db.updateTable('sync_runs').set({ state, finished_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/* What a push sends */

/** The contacts named, those of the lists named, every enriched one, or those a bulk enrichment found. */
export type PushTarget = { contactIds: string[]; listIds: string[]; allEnriched: boolean; enrichmentRunId?: string | null };

/**
 * The run's contacts in id order after `after`, at most `limit`: the contacts named, those of
 * the lists named, and with `allEnriched` every contact of the team that was enriched.
 */
export async function pushTargetsAfter(
  db: Kysely<DB>,
  teamId: string,
  target: PushTarget,
  service: string,
  after: string | null,
  limit: number,
) {
  const { rows } = await sql<{
    id: string;
    first_name: string | null;
    last_name: string | null;
    full_name: string | null;
    job_title: string | null;
    company_name: string | null;
    company_domain: string | null;
    primary_email: string | null;
    primary_phone: string | null;
    linkedin_url: string | null;
    city: string | null;
    state: string | null;
    country: string | null;
    industry: string | null;
    external_id: string | null;
  }>`
    select c.id, c.first_name, c.last_name, c.full_name, c.job_title, c.company_name, c.company_domain, c.primary_email,
      c.primary_phone, c.linkedin_url, c.city, c.state, c.country, c.industry, r.external_id
    from contacts c
    left join crm_records r on r.contact_id = c.id and r.service = ${service}
    where c.team_id = ${teamId}
      and (${after}::uuid is null or c.id > ${after}::uuid)
      and (
        c.id = any(${target.contactIds}::uuid[])
        or exists (select 1 from list_contacts lc join lists l on l.id = lc.list_id
                   where lc.contact_id = c.id and l.team_id = ${teamId} and lc.list_id = any(${target.listIds}::uuid[]))
        or (${target.allEnriched} and (c.last_email_enrichment is not null or c.last_phone_enrichment is not null))
        or exists (select 1 from enrichment_items ei where ei.run_id = ${target.enrichmentRunId ?? null}::uuid and ei.contact_id = c.id and ei.state = 'found')
      )
    order by c.id
    limit ${limit}`.execute(db);
  return rows;
}

export async function countPushTargets(db: Kysely<DB>, teamId: string, target: PushTarget) {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from contacts c
    where c.team_id = ${teamId}
      and (
        c.id = any(${target.contactIds}::uuid[])
        or exists (select 1 from list_contacts lc where lc.contact_id = c.id and lc.list_id = any(${target.listIds}::uuid[]))
        or (${target.allEnriched} and (c.last_email_enrichment is not null or c.last_phone_enrichment is not null))
        or exists (select 1 from enrichment_items ei where ei.run_id = ${target.enrichmentRunId ?? null}::uuid and ei.contact_id = c.id and ei.state = 'found')
      )`.execute(db);
  return rows[0]?.n ?? 0;
}

/** Stores what a push did to each contact: its CRM id and page, or the CRM's error. */
export async function recordPushOutcomes(
  db: Kysely<DB>,
  teamId: string,
  service: string,
  crmName: string,
  outcomes: Array<{ contactId: string; externalId: string | null; url: string | null; error: string | null }>,
) {
  if (outcomes.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const known = outcomes.filter((o) => o.externalId);
    if (known.length > 0) {
      await trx
        .insertInto('crm_records')
        .values(known.map((o) => ({ contact_id: o.contactId, service, team_id: teamId, external_id: o.externalId! })))
        .onConflict((oc) => oc.columns(['contact_id', 'service']).doUpdateSet({ external_id: sql`excluded.external_id`, updated_at: new Date() }))
        .execute();
    }
    const payload = outcomes.map((o) => ({ id: o.contactId, data: { crmName, crmUrl: o.url, error: o.error } satisfies CrmData }));
    await sql`
      update contacts c set crm_data = v.data, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as v(id uuid, data jsonb)
      where c.id = v.id and c.team_id = ${teamId}`.execute(trx);
  });
}

/* What a pull brings */

/** Makes the pulled records the team's contacts (once per CRM record) and answers their ids. */
export async function upsertPulledContacts(db: Kysely<DB>, teamId: string, service: string, crmName: string, pulled: PulledContact[], urlOf: (externalId: string) => string | null) {
  if (pulled.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('crm_records')
      .select(['external_id', 'contact_id'])
      .where('team_id', '=', teamId)
      .where('service', '=', service)
      .where('external_id', 'in', pulled.map((p) => p.externalId))
      .execute();
    const known = new Map(existing.map((r) => [r.external_id, r.contact_id]));
    const ids: string[] = [];
    for (const p of pulled) {
      const fullName = [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email || null;
      const profile: ContactProfile = {
        full_name: fullName,
        first_name: p.firstName,
        last_name: p.lastName,
        job_title: p.jobTitle,
        company_name: p.companyName,
        company_domain: p.companyDomain,
        linkedin_url: p.linkedinUrl,
        city: p.city,
        state: p.state,
        country: p.country,
        industry: p.industry,
        crm_data: JSON.stringify({ crmName, crmUrl: urlOf(p.externalId), error: null } satisfies CrmData),
      };
      const id = known.get(p.externalId);
      if (id) {
        await updateContactProfile(trx, id, profile);
        ids.push(id);
        continue;
      }
      const contactId = await createProfiledContact(trx, teamId, profile, { email: p.email, phone: p.phone });
      await trx.insertInto('crm_records').values({ contact_id: contactId, service, team_id: teamId, external_id: p.externalId }).execute();
      ids.push(contactId);
    }
    return ids;
  });
}

export async function findTeamMembersBrief(db: Kysely<DB>, teamId: string) {
  return db
    .selectFrom('team_members')
    .select(['user_id', 'name', 'email'])
    .where('team_id', '=', teamId)
    .where('user_id', 'is not', null)
    .execute() as Promise<Array<{ user_id: string; name: string; email: string }>>;
}

export type { Integration };
