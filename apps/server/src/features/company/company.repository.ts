import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export async function updateTeamCompany(db: Kysely<DB>, teamId: string, values: { name: string; website: string }) {
  await db.updateTable('teams').set({ name: values.name, website: values.website }).where('id', '=', teamId).execute();
}

/** Enrichment preferences hold for the whole team: every member's enrichment costs follow them. */
export async function updateTeamEnrichmentPreference(db: Kysely<DB>, teamId: string, values: { arePersonalEmailsPriority: boolean; databaseType: string }) {
  await db
    .updateTable('teams')
    .set({ are_personal_emails_priority: values.arePersonalEmailsPriority, database_type: values.databaseType })
    .where('id', '=', teamId)
    .execute();
}

export async function saveTeamLogo(db: Kysely<DB>, teamId: string, values: { png: Buffer; version: string; logoUrl: string }) {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('team_logos')
      .values({ team_id: teamId, png: values.png, version: values.version })
      .onConflict((oc) => oc.column('team_id').doUpdateSet({ png: values.png, version: values.version, updated_at: new Date() }))
      .execute();
    await trx.updateTable('teams').set({ logo_url: values.logoUrl }).where('id', '=', teamId).execute();
  });
}

export async function findTeamLogo(db: Kysely<DB>, teamId: string) {
  return db.selectFrom('team_logos').select(['png', 'version']).where('team_id', '=', teamId).executeTakeFirst();
}

export async function findPostalAddress(db: Kysely<DB>, teamId: string) {
  const row = await db.selectFrom('teams').select('sender_postal_address').where('id', '=', teamId).executeTakeFirst();
  return row?.sender_postal_address ?? null;
}

export async function savePostalAddress(db: Kysely<DB>, teamId: string, address: string | null) {
  await db.updateTable('teams').set({ sender_postal_address: address }).where('id', '=', teamId).execute();
}
