import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createTeam } from '../../test/factories.js';
import { createTestDatabase } from '../../test/database.js';
import type { Database } from '../database.js';
import { down, up } from './0190_onboarding_knowledge_profiles.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const rootUrls = [
  { url: 'https://acme.test', isCompetitor: false, includeSubPages: true },
  { url: 'https://rival.test', isCompetitor: true, includeSubPages: true },
];

describe("migration 0190: onboarding's profiles move into the knowledge hub", () => {
  it('makes each stored profile its member\'s knowledge profile, default only when they had none, linked to the team', async () => {
    const { db } = database;
    const fresh = await createOwner(db);
    const { owner: withDefault } = await createTeam(db);
    const orphanTeam = await createOwner(db);
    await sql`insert into knowledge_profiles (team_id, user_id, profile_name, is_default) values (${withDefault.teamId}, ${withDefault.userId}, 'Mine', true)`.execute(db);
    await down(db);
    for (const [team, user] of [[fresh.teamId, fresh.userId], [withDefault.teamId, withDefault.userId], [orphanTeam.teamId, null]] as const) {
      await sql`insert into onboarding_profiles (team_id, user_id, profile_name, root_urls) values (${team}, ${user}, 'My First Knowledge Hub', ${JSON.stringify(rootUrls)})`.execute(db);
    }
    await up(db);

    const moved = await db
      .selectFrom('onboarding_knowledge_profiles as l')
      .innerJoin('knowledge_profiles as k', 'k.id', 'l.profile_id')
      .select(['l.team_id', 'k.user_id', 'k.profile_name', 'k.is_default', 'k.root_urls', 'k.status', 'k.error'])
      .execute();
    const byTeam = new Map(moved.map((row) => [row.team_id, row]));
    expect(moved).toHaveLength(3);
    expect(byTeam.get(fresh.teamId)).toMatchObject({ user_id: fresh.userId, profile_name: 'My First Knowledge Hub', is_default: true, root_urls: rootUrls, status: 'failed' });
    expect(byTeam.get(fresh.teamId)!.error).toMatch(/^Not read yet/);
    expect(byTeam.get(withDefault.teamId)).toMatchObject({ user_id: withDefault.userId, is_default: false });
    // The member who saved it is gone: the team's owner takes it.
    expect(byTeam.get(orphanTeam.teamId)).toMatchObject({ user_id: orphanTeam.userId, is_default: true });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_name = 'onboarding_profiles'`.execute(db);
    expect(rows[0]!.n).toBe(0);
  });
});
