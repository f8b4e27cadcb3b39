import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { StoredTemplateStep } from '../../db/schema-campaign-templates.js';

type Db = Kysely<DB> | Transaction<DB>;

const withCreator = (db: Db) =>
  db
    .selectFrom('campaign_templates as t')
    .leftJoin('users as u', 'u.id', 't.created_by')
    .select(['t.id', 't.name', 't.description', 't.steps', 't.created_at', 'u.name as created_by_name']);

export type TemplateRow = Awaited<ReturnType<ReturnType<typeof withCreator>['executeTakeFirstOrThrow']>>;

/** The team's own templates, newest first. */
export async function listTemplates(db: Db, teamId: string): Promise<TemplateRow[]> {
  return withCreator(db).where('t.team_id', '=', teamId).orderBy('t.created_at', 'desc').orderBy('t.id').execute();
}

export async function findTemplate(db: Db, teamId: string, id: string): Promise<TemplateRow | undefined> {
  return withCreator(db).where('t.team_id', '=', teamId).where('t.id', '=', id).executeTakeFirst();
}

export async function nameTaken(db: Db, teamId: string, name: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('campaign_templates').select('id').where('team_id', '=', teamId).where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

export async function insertTemplate(db: Db, values: { teamId: string; userId: string; name: string; description: string | null; steps: StoredTemplateStep[] }) {
  return db
    .insertInto('campaign_templates')
    .values({ team_id: values.teamId, created_by: values.userId, name: values.name, description: values.description, steps: JSON.stringify(values.steps) })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateTemplate(db: Db, teamId: string, id: string, values: { name: string; description?: string; steps?: StoredTemplateStep[] }) {
  return db
    .updateTable('campaign_templates')
    .set({
      name: values.name,
      ...(values.description !== undefined ? { description: values.description || null } : {}),
      ...(values.steps ? { steps: JSON.stringify(values.steps) } : {}),
      updated_at: new Date(),
    })
    .where('team_id', '=', teamId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

export async function deleteTemplate(db: Db, teamId: string, id: string) {
  return db.deleteFrom('campaign_templates').where('team_id', '=', teamId).where('id', '=', id).returning('id').executeTakeFirst();
}
