import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam } from '../../test/factories.js';
import { createTestDatabase } from '../../test/database.js';
import type { Database } from '../database.js';
import { down, up } from './0121_team_enrichment_preference.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('migration 0121: the enrichment preference moves to the team', () => {
  it("gives each team its owner's preference, whatever its members held", async () => {
    const { db } = database;
    const { owner, member } = await createTeam(db);
    await down(db);
    await sql`update users set are_personal_emails_priority = true, database_type = 'standard' where id = ${owner.userId}`.execute(db);
    await sql`update users set are_personal_emails_priority = false, database_type = 'premium' where id = ${member.userId}`.execute(db);
    await up(db);

    const team = await db.selectFrom('teams').select(['are_personal_emails_priority', 'database_type']).where('id', '=', owner.teamId).executeTakeFirstOrThrow();
    expect(team).toEqual({ are_personal_emails_priority: true, database_type: 'standard' });
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.columns
       where table_name = 'users' and column_name in ('are_personal_emails_priority', 'database_type')`.execute(db);
    expect(rows[0]!.n).toBe(0);
  });
});
